import Observation

/// Hands `apply` what `read` returns now, and again after each change to what it read,
/// with Observation, until stopped or released.
///
/// Each round re-registers tracking and reads the value once the change is complete, on
/// the main actor, in a task of its own: changes made before that task runs are applied
/// once, as the last of them left the state. This is how the library's views and windows,
/// and Lakes' window, follow observable state.
///
///     let loop = ObservationLoop(read: { page.isClosed }) { closed in
///         if closed { window.close() }
///     }
///
/// The loop holds itself only weakly: whoever keeps it keeps it running.
@MainActor
package final class ObservationLoop<Value> {
    private let read: @MainActor () -> Value
    private let apply: @MainActor (Value) -> Void
    private var isRunning = true

    /// Starts following: `apply` runs at once with the current value.
    ///
    /// - Parameters:
    ///   - read: Reads the observable state; what it reads is tracked.
    ///   - apply: Gets the value read, now and after each change.
    package init(read: @escaping @MainActor () -> Value, apply: @escaping @MainActor (Value) -> Void) {
        self.read = read
        self.apply = apply
        run()
    }

    /// Stops following; a change already noticed is not applied.
    package func stop() { isRunning = false }

    private func run() {
        guard isRunning else { return }
        // Held weakly from the start: the tracked object keeps this closure until it changes.
        let value = withObservationTracking(read) { [weak self] in
            Task { @MainActor in self?.run() }
        }
        apply(value)
    }
}
