import CWebKitGTK
import Foundation
import Testing

@testable import GLibBridge

@MainActor
struct FirstEventTests {
    /// A fresh GObject with a signal to emit: a GCancellable and its "cancelled".
    private func makeCancellable() -> GObjectReference {
        GObjectReference(adopting: OpaquePointer(g_cancellable_new()!))
    }

    private func hasHandler(_ object: GObjectReference) -> Bool {
        let signal = g_signal_lookup("cancelled", g_cancellable_get_type())
        return g_signal_has_handler_pending(UnsafeMutableRawPointer(object.pointer), signal, 0, 0) != 0
    }

    @Test func theFirstSignalEndsTheWaitAndTheOthersAreDisconnected() async {
        let first = makeCancellable()
        let second = makeCancellable()
        var secondRan = false
        let value = await firstEvent(
            of: [
                .signal(first, "cancelled") { _ in "first" },
                .signal(second, "cancelled") { _ in
                    secondRan = true
                    return "second"
                },
            ]
        ) {
            // Both fire at once, while the wait is being set up: only the first counts.
            g_cancellable_cancel(first.cast())
            g_cancellable_cancel(second.cast())
        }
        #expect(value == "first")
        #expect(!secondRan)
        #expect(!hasHandler(first))
        #expect(!hasHandler(second))
    }

    @Test func aSignalMayEndTheWaitWithNil() async {
        let failed = makeCancellable()
        let finished = makeCancellable()
        let failure: String? = await firstEvent(
            of: [
                .signal(failed, "cancelled") { arguments in
                    arguments.count > 1 ? arguments.string(1) : "failed"
                },
                .signal(finished, "cancelled") { _ in nil },
            ]
        ) {
            g_cancellable_cancel(finished.cast())
        }
        #expect(failure == nil)
    }

    @Test func aSignalWhoseConditionFailsLeavesTheWaitGoing() async {
        let action = GObjectReference(adopting: g_simple_action_new("go", nil)!)
        var emissions = 0
        let value: Int = await firstEvent(
            of: [
                .signal(
                    action, "activate",
                    when: { _ in
                        emissions += 1
                        return emissions == 3
                    }, value: 3)
            ]
        ) {
            for _ in 0..<5 { g_action_activate(action.pointer, nil) }
        }
        #expect(value == 3)
        #expect(emissions == 3)
    }

    @Test func theTimeoutEndsAWaitNoSignalEnds() async {
        let object = makeCancellable()
        let start = ContinuousClock.now
        let value: String? = await firstEvent(
            of: [
                .signal(object, "cancelled") { _ in "signal" },
                .timeout(.milliseconds(50), nil),
            ])
        #expect(value == nil)
        #expect(ContinuousClock.now - start >= .milliseconds(50))
        #expect(!hasHandler(object))
        g_cancellable_cancel(object.cast())  // too late: nothing listens
    }

    @Test func aSignalBeforeTheTimeoutCancelsTheTimerAndReleasesItsHandler() async throws {
        let counter = DeinitCounter()
        let object = makeCancellable()
        var value = ""
        do {
            let token = counter.token()
            value = await firstEvent(
                of: [
                    .signal(object, "cancelled") { _ in
                        _ = token
                        return "signal"
                    },
                    .timeout(.milliseconds(50), "timeout"),
                ]
            ) {
                g_cancellable_cancel(object.cast())
            }
        }
        #expect(value == "signal")
        #expect(counter.count == 1)  // the handler's closure is gone with its connection
        // The timer was cancelled: were it not, its resumption would be a second one and trap.
        try await Task.sleep(for: .milliseconds(100))
    }

    @Test func aCloseEndsTheWait() async {
        let closeHandlers = ObserverRegistry<@MainActor () -> Void>()
        let hook: @MainActor (@escaping @MainActor () -> Void) -> @MainActor () -> Void = { handler in
            let id = closeHandlers.add(handler)
            return { closeHandlers.remove(id) }
        }
        let object = makeCancellable()
        let value = await firstEvent(
            of: [
                .signal(object, "cancelled") { _ in "signal" },
                .close(hook, "closed"),
            ]
        ) {
            Task { @MainActor in
                for handler in closeHandlers.removeAll() { handler() }
            }
        }
        #expect(value == "closed")
        #expect(!hasHandler(object))
    }

    @Test func anotherEventRemovesTheCloseHandler() async {
        let closeHandlers = ObserverRegistry<@MainActor () -> Void>()
        let hook: @MainActor (@escaping @MainActor () -> Void) -> @MainActor () -> Void = { handler in
            let id = closeHandlers.add(handler)
            return { closeHandlers.remove(id) }
        }
        let value = await firstEvent(of: [.timeout(.milliseconds(10), "timeout"), .close(hook, "closed")])
        #expect(value == "timeout")
        #expect(closeHandlers.isEmpty)
    }

    @Test func aSourceThatFiresWhileItIsArmedEndsTheWaitBeforeStart() async {
        let object = makeCancellable()
        var started = false
        let closedAlready: @MainActor (@escaping @MainActor () -> Void) -> @MainActor () -> Void = { handler in
            handler()
            return {}
        }
        let value = await firstEvent(
            of: [.close(closedAlready, "closed already"), .signal(object, "cancelled") { _ in "signal" }]
        ) {
            started = true
        }
        #expect(value == "closed already")
        #expect(!started)
        #expect(!hasHandler(object))
    }
}
