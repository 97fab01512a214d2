import Observation

/// Hands `apply` what `read` returns now, and again after each change to what it read,
/// with Observation, until stopped or released.
///
/// Each round re-registers tracking and reads the value once the change is complete, on
/// the main actor. This is how views and windows follow an app's observable state.
@MainActor
final class ObservationLoop<Value> {
    private let read: @MainActor () -> Value
    private let apply: @MainActor (Value) -> Void
    private var isRunning = true

    /// Starts following: `apply` runs at once with the current value.
    init(read: @escaping @MainActor () -> Value, apply: @escaping @MainActor (Value) -> Void) {
        self.read = read
        self.apply = apply
        run()
    }

    /// Stops following; a change already noticed is not applied.
    func stop() { isRunning = false }

    private func run() {
        guard isRunning else { return }
        // Held weakly from the start: the tracked object keeps this closure until it changes.
        let value = withObservationTracking(read) { [weak self] in
            Task { @MainActor in self?.run() }
        }
        apply(value)
    }
}
