#if canImport(Testing)
    import Observation
    import Synchronization
    import Testing

    // Tests wait for what they expect, never for a fixed time: a fixed time is too short on a
    // loaded machine and wasted on a fast one. These two waits let the main loop turn (and
    // with it WebKit) while they wait, and they look again as soon as anything the condition
    // reads through Observation changes, or every few milliseconds for state that is not
    // observable: a handler's array, a process, a file. A cancelled test task ends a wait at
    // once, with an issue, rather than looking again until the deadline.

    /// Waits until `condition` holds, letting the main loop run, and records an issue naming
    /// `what` if it does not hold within `timeout`.
    ///
    /// The condition is read at once, again as soon as a property it read through Observation
    /// changes (an `@Observable` model's, such as `WebPage.title` or `WebPage.isLoading`), and
    /// every few milliseconds in any case, so it may read plain state too: an array a handler
    /// appends to, a process, a file.
    ///
    /// ```swift
    /// page.load(URL(string: "https://lakes.example/tahoe"))
    /// await until("the article is shown") { page.title == "Lake Tahoe" && !page.isLoading }
    /// ```
    ///
    /// Name the event in `what`: at the timeout the test fails with "timed out waiting: the
    /// article is shown". A test that cannot go on without the event stops with
    /// `try #require(await until(...))`.
    ///
    /// - Parameters:
    ///   - what: The event waited for, as the failure names it.
    ///   - timeout: How long the event may take. Default: 20 seconds, which leaves a loaded
    ///     machine room.
    ///   - interval: How often to look again when nothing observed has changed. Default:
    ///     10 ms; longer for a condition that is costly to read, such as one that runs a
    ///     program.
    ///   - isolation: Where `condition` runs: the caller's actor, usually the main actor.
    ///   - sourceLocation: Where a failure is reported. Default: the call.
    ///   - condition: Whether the event has happened; what it throws ends the wait.
    /// - Returns: Whether the condition held before the timeout (false, with an issue, if
    ///   the task is cancelled first).
    @discardableResult
    public func until<Failure: Error>(
        _ what: Comment, timeout: Duration = .seconds(20), checkingEvery interval: Duration = .milliseconds(10),
        isolation: isolated (any Actor)? = #isolation,
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: () throws(Failure) -> Bool
    ) async throws(Failure) -> Bool {
        let deadline = ContinuousClock.now + timeout
        let change = ChangeSignal()
        defer { change.end() }
        while true {
            if try change.reading(condition) { return true }
            guard !Task.isCancelled else {
                Issue.record("cancelled while waiting: \(what)", sourceLocation: sourceLocation)
                return false
            }
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out waiting: \(what)", sourceLocation: sourceLocation)
                return false
            }
            await change.wait(atMost: interval)
        }
    }

    /// Waits until an asynchronous `condition` holds, letting the main loop run, and records
    /// an issue naming `what` if it does not hold within `timeout`.
    ///
    /// A condition that awaits (a script's result, a file read elsewhere) cannot be observed,
    /// so it is asked again every few milliseconds.
    ///
    /// ```swift
    /// await until("the page scrolled") {
    ///     (try? await page.callJavaScript("return scrollY") as? Double) == 600
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - what: The event waited for, as the failure names it.
    ///   - timeout: How long the event may take. Default: 20 seconds.
    ///   - interval: How often to ask again. Default: 10 ms.
    ///   - isolation: Where `condition` runs: the caller's actor, usually the main actor.
    ///   - sourceLocation: Where a failure is reported. Default: the call.
    ///   - condition: Whether the event has happened; what it throws ends the wait.
    /// - Returns: Whether the condition held before the timeout (false, with an issue, if
    ///   the task is cancelled first).
    @discardableResult
    public func until<Failure: Error>(
        _ what: Comment, timeout: Duration = .seconds(20), checkingEvery interval: Duration = .milliseconds(10),
        isolation: isolated (any Actor)? = #isolation,
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async throws(Failure) -> Bool
    ) async throws(Failure) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            if try await condition() { return true }
            guard !Task.isCancelled else {
                Issue.record("cancelled while waiting: \(what)", sourceLocation: sourceLocation)
                return false
            }
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out waiting: \(what)", sourceLocation: sourceLocation)
                return false
            }
            try? await Task.sleep(for: interval)
        }
    }

    /// Checks throughout `window` that `condition` does not become true, letting the main loop
    /// run, and records an issue naming `what` as soon as it does.
    ///
    /// This is how a test says that something does not happen: that a refused link opens
    /// nothing, that a cancelled stream sends no more. The condition describes the unwanted
    /// event, and is read at once, again as soon as a property it read through Observation
    /// changes, every few milliseconds in any case, and once more at the window's end.
    ///
    /// ```swift
    /// decider.policy = { _ in .cancel }
    /// _ = try await page.callJavaScript("location.href = '/elsewhere'")
    /// await never("the refused link loads", within: .milliseconds(200)) { page.url != start }
    /// ```
    ///
    /// - Parameters:
    ///   - what: The unwanted event, as the failure names it.
    ///   - window: How long the event is given to (wrongly) happen.
    ///   - interval: How often to look again. Default: 10 ms.
    ///   - isolation: Where `condition` runs: the caller's actor, usually the main actor.
    ///   - sourceLocation: Where a failure is reported. Default: the call.
    ///   - condition: Whether the unwanted event has happened; what it throws ends the wait.
    /// - Returns: Whether the window passed without the event (false, with an issue, if the
    ///   task is cancelled first).
    @discardableResult
    public func never<Failure: Error>(
        _ what: Comment, within window: Duration, checkingEvery interval: Duration = .milliseconds(10),
        isolation: isolated (any Actor)? = #isolation,
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: () throws(Failure) -> Bool
    ) async throws(Failure) -> Bool {
        let end = ContinuousClock.now + window
        let change = ChangeSignal()
        defer { change.end() }
        while true {
            if try change.reading(condition) {
                Issue.record("happened within \(window): \(what)", sourceLocation: sourceLocation)
                return false
            }
            guard !Task.isCancelled else {
                Issue.record("cancelled before \(window) passed: \(what)", sourceLocation: sourceLocation)
                return false
            }
            let left = end - ContinuousClock.now
            guard left > .zero else { return true }
            await change.wait(atMost: min(left, interval))
        }
    }

    /// Checks throughout `window` that an asynchronous `condition` does not become true,
    /// letting the main loop run, and records an issue naming `what` as soon as it does.
    ///
    /// The condition is asked every few milliseconds, and once more at the window's end.
    ///
    /// ```swift
    /// await never("the pinch zooms the page", within: .milliseconds(500)) {
    ///     try await page.callJavaScript("return visualViewport.scale") as? Double != 1
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - what: The unwanted event, as the failure names it.
    ///   - window: How long the event is given to (wrongly) happen.
    ///   - interval: How often to look again. Default: 10 ms.
    ///   - isolation: Where `condition` runs: the caller's actor, usually the main actor.
    ///   - sourceLocation: Where a failure is reported. Default: the call.
    ///   - condition: Whether the unwanted event has happened; what it throws ends the wait.
    /// - Returns: Whether the window passed without the event (false, with an issue, if the
    ///   task is cancelled first).
    @discardableResult
    public func never<Failure: Error>(
        _ what: Comment, within window: Duration, checkingEvery interval: Duration = .milliseconds(10),
        isolation: isolated (any Actor)? = #isolation,
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async throws(Failure) -> Bool
    ) async throws(Failure) -> Bool {
        let end = ContinuousClock.now + window
        while true {
            if try await condition() {
                Issue.record("happened within \(window): \(what)", sourceLocation: sourceLocation)
                return false
            }
            guard !Task.isCancelled else {
                Issue.record("cancelled before \(window) passed: \(what)", sourceLocation: sourceLocation)
                return false
            }
            let left = end - ContinuousClock.now
            guard left > .zero else { return true }
            try? await Task.sleep(for: min(left, interval))
        }
    }

    /// The looks of one wait at its condition: what they read through Observation, and a
    /// wait that ends when any of that changes.
    ///
    /// Observation keeps a registration on each property read until that property changes,
    /// so a wait registers once and again only after the registration fired: registering
    /// at every look would leave one behind per look. A look that does not register still
    /// reads the condition; what it reads for the first time (past a `&&` that was false)
    /// is then seen by the next look, a few milliseconds later.
    private final class ChangeSignal: Sendable {
        private let changes: AsyncStream<Void>
        private let changed: AsyncStream<Void>.Continuation
        /// Whether a registration is waiting for a change.
        private let registered = Mutex(false)

        init() {
            (changes, changed) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
        }

        /// Reads `condition`, noting what it reads unless a registration is still waiting.
        func reading<Failure: Error>(_ condition: () throws(Failure) -> Bool) throws(Failure) -> Bool {
            let register = registered.withLock { registered in
                defer { registered = true }
                return !registered
            }
            guard register else { return try condition() }
            // Observation's `apply` cannot throw: carry the error out in a `Result`.
            let result = withObservationTracking {
                Result { () throws(Failure) -> Bool in try condition() }
            } onChange: { [self] in
                registered.withLock { $0 = false }
                changed.yield()
            }
            return try result.get()
        }

        /// Returns once something the condition read changed, after `interval`, or at once
        /// when the task is cancelled.
        func wait(atMost interval: Duration, isolation: isolated (any Actor)? = #isolation) async {
            let changed = changed
            let timer = Task {
                guard (try? await Task.sleep(for: interval)) != nil else { return }
                changed.yield()
            }
            defer { timer.cancel() }
            var iterator = changes.makeAsyncIterator()
            _ = await iterator.next(isolation: isolation)
        }

        /// Ends the waits; a registration still waiting then changes nothing.
        func end() {
            changed.finish()
        }
    }
#endif
