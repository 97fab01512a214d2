import Foundation
import GLibBridge

extension WebPage {
    /// What the page tells about its navigations: the newest event, and the sequences
    /// that follow them.
    struct NavigationObservers {
        /// The storage of ``WebPage/currentNavigationEvent``.
        var current: NavigationUpdate?
        /// The continuations of ``WebPage/navigationUpdates`` sequences.
        let updates = ObserverRegistry<AsyncStream<NavigationUpdate>.Continuation>()
        /// The continuations of ``WebPage/navigations`` sequences.
        let events = ObserverRegistry<NavigationEventContinuation>()
        /// Called in the publish step of every update (see `observeNavigationUpdates`).
        let synchronous = ObserverRegistry<@MainActor (NavigationUpdate) -> Void>()
        /// Called when the web content process ends (see `observeWebContentProcessTermination`).
        let terminations = ObserverRegistry<@MainActor () -> Void>()
    }

    /// Calls `body` with every navigation update, in order, inside the step that publishes
    /// it: after ``currentNavigationEvent`` became the update and before any
    /// ``navigationUpdates`` or ``navigations`` sequence sees it. For a face that reports
    /// navigations through callbacks of its own, which must read the page as it is at the
    /// event. Inside `body`, the page reads what the engine reports at that signal:
    ///
    /// - `startedProvisionalNavigation`: `url` is the URL being loaded (the newest one asked
    ///   for, while the engine has not started it), `isLoading` is true, `title` is still
    ///   the previous document's.
    /// - `receivedServerRedirect`: `url` is the redirect's target.
    /// - `committed`: `url` is the new document's; `title` is what the engine has so far,
    ///   often empty or the previous one.
    /// - `finished`: handed on once the engine delivered the new document's title, so
    ///   `title` is the new document's; `isLoading` is false.
    /// - A failure: `url` is what the engine shows after it (the previous document's, or
    ///   `about:blank` where the engine put one in place of a refused load).
    ///
    /// - Returns: The id that removes the observer (`removeNavigationUpdateObserver(_:)`).
    @discardableResult
    func observeNavigationUpdates(
        _ body: @escaping @MainActor (NavigationUpdate) -> Void
    ) -> ObserverRegistry<@MainActor (NavigationUpdate) -> Void>.ID {
        navigationObservers.synchronous.add(body)
    }

    /// Stops calling an observer added with `observeNavigationUpdates(_:)`.
    func removeNavigationUpdateObserver(_ id: ObserverRegistry<@MainActor (NavigationUpdate) -> Void>.ID) {
        navigationObservers.synchronous.remove(id)
    }

    /// Calls `body`, synchronously, each time the page's web content process ends: after
    /// the open navigations failed with ``NavigationError/webContentProcessTerminated`` and
    /// before the ``navigations`` sequences end with it.
    ///
    /// - Returns: The id that removes the observer (`removeWebContentProcessTerminationObserver(_:)`).
    @discardableResult
    func observeWebContentProcessTermination(
        _ body: @escaping @MainActor () -> Void
    ) -> ObserverRegistry<@MainActor () -> Void>.ID {
        navigationObservers.terminations.add(body)
    }

    /// Stops calling an observer added with `observeWebContentProcessTermination(_:)`.
    func removeWebContentProcessTerminationObserver(_ id: ObserverRegistry<@MainActor () -> Void>.ID) {
        navigationObservers.terminations.remove(id)
    }

    /// The newest event of the newest navigation, failures included; nil before any load.
    ///
    /// Follow it with `Observations { page.currentNavigationEvent }` to see every
    /// navigation the page makes, including those it starts itself (links, forms, script).
    /// An addition of this library.
    public var currentNavigationEvent: NavigationUpdate? {
        access(keyPath: \.currentNavigationEvent)
        return navigationObservers.current
    }

    /// A sequence of the events of every navigation the page makes from now on, by the app
    /// or by the page itself (links, forms, script).
    ///
    ///     for try await event in page.navigations {
    ///         if event == .finished { print("shown:", page.title) }
    ///     }
    ///
    /// A navigation's events run from ``NavigationEvent/startedProvisionalNavigation`` to
    /// ``NavigationEvent/finished``. Each access makes a new sequence, which sees events
    /// from then on. It is indefinite, but ends: by throwing the error of the first
    /// navigation that fails (``NavigationError/failedProvisionalNavigation(_:)`` before
    /// commit, the engine's error after it, ``NavigationError/webContentProcessTerminated``),
    /// when the page closes, or when the task iterating it is cancelled. A navigation that
    /// is superseded or stopped is not a failure. To follow one load, iterate what that
    /// load returns; for every navigation's identity and cause, see ``navigationUpdates``.
    /// Apple's `WebPage.navigations`.
    public var navigations: some AsyncSequence<NavigationEvent, any Error> & Sendable {
        let (stream, continuation) = AsyncThrowingStream<NavigationEvent, any Error>.makeStream()
        guard !isClosed else {
            continuation.finish()
            return ImmediateStream(base: stream)
        }
        let observers = navigationObservers.events
        let id = observers.add(continuation)
        continuation.onTermination = { [weak observers] _ in
            Task { @MainActor in observers?.remove(id) }
        }
        return ImmediateStream(base: stream)
    }

    /// An indefinite sequence of every event of every navigation from now on, failures
    /// included, each with its navigation's identity and cause. Each access makes a new
    /// sequence; it ends when the page closes. Unlike ``navigations`` it goes on after a
    /// failure. An addition of this library.
    ///
    ///     for await update in page.navigationUpdates where update.cause == .page {
    ///         print("the page navigated itself:", update.kind)
    ///     }
    public var navigationUpdates: some AsyncSequence<NavigationUpdate, Never> & Sendable {
        let (stream, continuation) = AsyncStream<NavigationUpdate>.makeStream()
        guard !isClosed else {
            continuation.finish()
            return ImmediateStream(base: stream)
        }
        let observers = navigationObservers.updates
        let id = observers.add(continuation)
        continuation.onTermination = { [weak observers] _ in
            Task { @MainActor in observers?.remove(id) }
        }
        return ImmediateStream(base: stream)
    }

    /// Tells every observer of the page's navigations of `update`.
    func publish(_ update: NavigationUpdate) {
        // `NavigationUpdate` is not `Equatable`: every update is a change.
        withMutation(keyPath: \.currentNavigationEvent) { navigationObservers.current = update }
        navigationObservers.synchronous.forEach { $0(update) }
        navigationObservers.updates.forEach { $0.yield(update) }
        switch update.kind {
        case .failedProvisionalNavigation(let error):
            finishEventObservers(throwing: NavigationError.failedProvisionalNavigation(error))
        case .failed(let error):
            finishEventObservers(throwing: error)
        default:
            if let event = update.event { navigationObservers.events.forEach { $0.yield(event) } }
        }
    }

    /// Ends every ``navigations`` sequence, with `error` or without one.
    func finishEventObservers(throwing error: (any Error)?) {
        for observer in navigationObservers.events.removeAll() { observer.finish(throwing: error) }
    }

    /// Ends every ``navigationUpdates`` sequence, and drops the synchronous observers.
    func finishUpdateObservers() {
        for observer in navigationObservers.updates.removeAll() { observer.finish() }
        navigationObservers.synchronous.removeAll()
        navigationObservers.terminations.removeAll()
    }
}
