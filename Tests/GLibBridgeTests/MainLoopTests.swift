import CWebKitGTK
import Foundation
import Testing

@testable import GLibBridge

@MainActor
struct MainLoopTests {
    @Test func anAwaitOnTheMainActorResumesWhileTheGLibLoopRuns() async throws {
        #expect(Thread.isMainThread)
        // A GLib timeout fires inside the GLib loop and resumes this main-actor task.
        let fired: Bool = await withCheckedContinuation { continuation in
            let handler: SourceHandler = {
                continuation.resume(returning: Thread.isMainThread)
                return false
            }
            g_timeout_add_full(
                G_PRIORITY_DEFAULT, 20, Trampoline.sourceFunction, CallbackBox(handler).retainedPointer(),
                Trampoline.sourceDestroyNotify)
        }
        #expect(fired)
        // And a task hopping through the global executor comes back to the main actor.
        let value = await Task.detached { 41 + 1 }.value
        #expect(value == 42)
        #expect(Thread.isMainThread)
    }

    @Test func forAwaitLoopsRunInsideGTKCallbacks() async throws {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        var count = 0
        let handler: SourceHandler = {
            count += 1
            continuation.yield(count)
            if count == 3 { continuation.finish() }
            return count < 3
        }
        g_timeout_add_full(
            G_PRIORITY_DEFAULT, 5, Trampoline.sourceFunction, CallbackBox(handler).retainedPointer(),
            Trampoline.sourceDestroyNotify)
        var seen: [Int] = []
        for await value in stream { seen.append(value) }
        #expect(seen == [1, 2, 3])
    }
}
