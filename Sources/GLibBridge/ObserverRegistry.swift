/// Observers of one kind of event, in the order they were added, each removable by the
/// id it was added with.
///
/// It holds what the owner calls its observers with: closures, stream continuations. A
/// registration returns an ``ID``; removing by that id is how a cancellation token or a
/// stream's termination handler ends it, and removing an id twice, or after the owner
/// took all observers, does nothing. Iteration sees the observers as they were when it
/// began, so an observer may remove itself, or add another, while it is called.
/// ``removeAll()`` takes every observer and leaves the registry empty, for a teardown that
/// ends each once.
///
///     let observers = ObserverRegistry<(Int) -> Void>()
///     let id = observers.add { print($0) }
///     observers.forEach { $0(42) }
///     observers.remove(id)
@MainActor
package final class ObserverRegistry<Observer> {
    /// The id of one registration, to remove it with.
    package struct ID: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    private var entries: [(id: ID, observer: Observer)] = []
    private var nextID: UInt64 = 0

    /// An empty registry.
    nonisolated package init() {}

    /// Whether no observer is registered.
    package var isEmpty: Bool { entries.isEmpty }

    /// How many observers are registered.
    package var count: Int { entries.count }

    /// Registers `observer` after the others.
    ///
    /// - Returns: The id that removes it.
    @discardableResult
    package func add(_ observer: Observer) -> ID {
        let id = ID(value: nextID)
        nextID += 1
        entries.append((id, observer))
        return id
    }

    /// Removes the observer registered with `id`, if it still is.
    ///
    /// - Returns: The observer removed, or nil when none was registered with `id`.
    @discardableResult
    package func remove(_ id: ID) -> Observer? {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return nil }
        return entries.remove(at: index).observer
    }

    /// Calls `body` with each observer, in the order they were added, as they were when
    /// the call began.
    package func forEach(_ body: (Observer) throws -> Void) rethrows {
        for entry in entries { try body(entry.observer) }
    }

    /// Removes every observer and returns them, in the order they were added: for a
    /// teardown that ends each one once, after which the registry is empty.
    @discardableResult
    package func removeAll() -> [Observer] {
        let taken = entries.map(\.observer)
        entries.removeAll()
        return taken
    }
}
