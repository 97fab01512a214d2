import Observation

/// Applies a value read from observable state now and after every change to it, for as
/// long as it lives.
///
/// It re-registers Observation tracking after each change, reading the new value once
/// the change is complete, and calls `apply` only when the value really differs.
@MainActor
final class Follower<Value: Equatable> {
    private let value: @MainActor () -> Value
    private let apply: @MainActor (Value) -> Void
    private var last: Value?

    init(value: @escaping @MainActor () -> Value, apply: @escaping @MainActor (Value) -> Void) {
        self.value = value
        self.apply = apply
        track()
    }

    private func track() {
        let current = withObservationTracking {
            value()
        } onChange: { [weak self] in
            Task { @MainActor in self?.track() }
        }
        if current != last {
            last = current
            apply(current)
        }
    }
}

/// Followers kept together and dropped together, as a window's are when it closes.
@MainActor
final class Followers {
    private var followers: [AnyObject] = []

    /// Calls `apply` with `value` now and whenever it changes, until ``removeAll()``.
    func follow<Value: Equatable>(
        _ value: @escaping @MainActor () -> Value, _ apply: @escaping @MainActor (Value) -> Void
    ) {
        followers.append(Follower(value: value, apply: apply))
    }

    func removeAll() { followers.removeAll() }
}
