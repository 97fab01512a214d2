import Testing

@testable import GLibBridge

@MainActor
struct ObserverRegistryTests {
    @Test func observersAreCalledInTheOrderTheyWereAdded() {
        let registry = ObserverRegistry<(Int) -> Void>()
        var calls: [String] = []
        registry.add { calls.append("first \($0)") }
        registry.add { calls.append("second \($0)") }
        registry.forEach { $0(1) }
        #expect(calls == ["first 1", "second 1"])
        #expect(registry.count == 2)
    }

    @Test func anIDRemovesItsObserverOnlyAndOnce() {
        let registry = ObserverRegistry<String>()
        let first = registry.add("first")
        let second = registry.add("second")
        #expect(first != second)
        #expect(registry.remove(first) == "first")
        #expect(registry.remove(first) == nil)
        var left: [String] = []
        registry.forEach { left.append($0) }
        #expect(left == ["second"])
    }

    @Test func anObserverMayRemoveItselfWhileItIsCalled() {
        let registry = ObserverRegistry<() -> Void>()
        var calls: [String] = []
        var selfRemoving: ObserverRegistry<() -> Void>.ID?
        selfRemoving = registry.add {
            calls.append("once")
            if let id = selfRemoving { registry.remove(id) }
        }
        registry.add { calls.append("always") }
        registry.forEach { $0() }
        registry.forEach { $0() }
        #expect(calls == ["once", "always", "always"])
    }

    @Test func removingAllTakesEveryObserverAndEmptiesTheRegistry() {
        let registry = ObserverRegistry<Int>()
        let kept = registry.add(1)
        registry.add(2)
        #expect(registry.removeAll() == [1, 2])
        #expect(registry.isEmpty)
        #expect(registry.remove(kept) == nil)
        #expect(registry.removeAll().isEmpty)
        let next = registry.add(3)
        #expect(next != kept)
        #expect(registry.count == 1)
    }
}
