import Foundation
import Observation
import Testing
import WebKitGTKTesting

/// Properties to wait on through Observation.
@MainActor @Observable
private final class Flag {
    var isSet = false
    var changes = 0
}

@MainActor
struct WaitingTests {
    @Test func anObservedChangeEndsTheWaitBeforeTheNextLook() async {
        let flag = Flag()
        Task {
            try? await Task.sleep(for: .milliseconds(50))
            flag.isSet = true
        }
        let start = ContinuousClock.now
        #expect(await until("the flag is set", checkingEvery: .seconds(30)) { flag.isSet })
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func aWaitLooksAgainAfterEachObservedChange() async {
        let flag = Flag()
        Task {
            for _ in 0..<3 {
                try? await Task.sleep(for: .milliseconds(20))
                flag.changes += 1
            }
        }
        let start = ContinuousClock.now
        #expect(await until("three changes", checkingEvery: .seconds(30)) { flag.changes == 3 })
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func aCancelledTaskEndsEveryWaitAtOnceWithAnIssue() async {
        let start = ContinuousClock.now
        let waits = Task {
            await withKnownIssue("a cancelled wait records an issue") {
                _ = await until("what never happens", timeout: .seconds(30)) { false }
            }
            await withKnownIssue("a cancelled wait records an issue") {
                _ = await until("what never happens", timeout: .seconds(30)) { () async -> Bool in false }
            }
            await withKnownIssue("a cancelled wait records an issue") {
                _ = await never("nothing", within: .seconds(30)) { false }
            }
            await withKnownIssue("a cancelled wait records an issue") {
                _ = await never("nothing", within: .seconds(30)) { () async -> Bool in false }
            }
        }
        waits.cancel()
        await waits.value
        #expect(ContinuousClock.now - start < .seconds(10))
    }
}
