import GLibBridge

/// Applies a value read from observable state now and after every change to it, for as
/// long as it lives.
///
/// An ``ObservationLoop`` that calls `apply` only when the value really differs from the
/// last one applied.
@MainActor
final class Follower<Value: Equatable> {
    private var loop: ObservationLoop<Value>?

    init(value: @escaping @MainActor () -> Value, apply: @escaping @MainActor (Value) -> Void) {
        var last: Value?
        loop = ObservationLoop(read: value) { current in
            guard current != last else { return }
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
