/// One of the events a ``firstEvent(of:starting:)`` wait ends with: a GObject signal, a
/// timeout, or the close of whatever the wait belongs to, each with the value it ends
/// the wait with.
@MainActor
package struct EventSource<Value: Sendable> {
    /// Starts watching for the event; calls `fire` when it comes, and returns what stops
    /// the watching.
    fileprivate let arm: (_ fire: @escaping @MainActor (Value) -> Void) -> @MainActor () -> Void

    /// Every emission of the signal `name` of `object` ends the wait with
    /// `value(arguments)`.
    ///
    /// The handler returns nothing to the signal: a signal that returns `gboolean` gets
    /// its default.
    package static func signal(
        _ object: GObjectReference, _ name: String, _ value: @escaping @MainActor (SignalArguments) -> Value
    ) -> EventSource {
        EventSource { fire in
            let connection = object.connect(name) { arguments in
                fire(value(arguments))
                return nil
            }
            return { connection.disconnect() }
        }
    }

    /// An emission of the signal `name` of `object` for which `when` returns true ends
    /// the wait with `value`; the wait goes on past the others.
    package static func signal(
        _ object: GObjectReference, _ name: String, when: @escaping @MainActor (SignalArguments) -> Bool,
        value: Value
    ) -> EventSource {
        EventSource { fire in
            let connection = object.connect(name) { arguments in
                if when(arguments) { fire(value) }
                return nil
            }
            return { connection.disconnect() }
        }
    }

    /// `duration` passing ends the wait with `value`.
    package static func timeout(_ duration: Duration, _ value: Value) -> EventSource {
        EventSource { fire in
            let timer = Task { @MainActor in
                try? await Task.sleep(for: duration)
                if !Task.isCancelled { fire(value) }
            }
            return { timer.cancel() }
        }
    }

    /// A close ends the wait with `value`.
    ///
    /// - Parameter hook: Runs a handler when the owner closes, unless the cancellation it
    ///   returns ran first (as `WebPage`'s `whenClosed` does).
    package static func close(
        _ hook: @escaping @MainActor (_ handler: @escaping @MainActor () -> Void) -> @MainActor () -> Void,
        _ value: Value
    ) -> EventSource {
        EventSource { fire in hook { fire(value) } }
    }
}

/// Waits for the first of `sources` (signals, a timeout, a close) and returns the value
/// it ends the wait with.
///
/// Every source is armed before `start` runs, so an event that `start` causes at once is
/// seen (a source that fires while it is armed ends the wait before `start` runs, and
/// `start` then does not run). The first event to come resumes the wait, exactly once; every source is then
/// disarmed (signals disconnected, the timer cancelled, the close handler removed), so
/// later events do nothing and no handler outlives the wait. The wait does not end when
/// its task is cancelled: give it a timeout or a close where the events may never come.
///
///     let failure: String? = await firstEvent(of: [
///         .signal(operation, "failed") { _ in "printing failed" },
///         .signal(operation, "finished") { _ in nil },
///         .close(page.whenClosed, "the page was closed while printing"),
///     ]) {
///         webkit_print_operation_print(operation.cast())
///     }
///
/// - Parameters:
///   - sources: The events that end the wait.
///   - start: What the events answer; it runs once every source is armed. Default:
///     nothing.
/// - Returns: The value of the first event.
@MainActor
package func firstEvent<Value: Sendable>(
    of sources: [EventSource<Value>], starting start: () -> Void = {}
) async -> Value {
    await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
        let wait = FirstEventWait(continuation)
        for source in sources where !wait.isFinished {
            wait.add(source.arm { value in wait.finish(value) })
        }
        if !wait.isFinished { start() }
    }
}

/// One wait of ``firstEvent(of:starting:)``: resumed once, then disarmed.
///
/// Its sources' handlers hold it, and it holds what disarms them: the cycle ends when it
/// finishes.
@MainActor
private final class FirstEventWait<Value: Sendable> {
    private var continuation: CheckedContinuation<Value, Never>?
    /// Stops each armed source; emptied when the wait finishes.
    private var disarms: [@MainActor () -> Void] = []

    init(_ continuation: CheckedContinuation<Value, Never>) { self.continuation = continuation }

    var isFinished: Bool { continuation == nil }

    /// Keeps what disarms a source that was just armed, or runs it at once if the wait
    /// finished while the source was armed.
    func add(_ disarm: @escaping @MainActor () -> Void) {
        if isFinished { disarm() } else { disarms.append(disarm) }
    }

    func finish(_ value: Value) {
        guard let continuation else { return }
        self.continuation = nil
        let taken = disarms
        disarms = []
        for disarm in taken { disarm() }
        // The waiting task goes on in `firstEvent`, on the main actor.
        resumingOnMainActor { continuation.resume(returning: value) }
    }
}
