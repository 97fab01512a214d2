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

    /// A task resumed from another thread costs the loop one turn, the one that runs it:
    /// running the main actor's jobs must not wake the loop again, as GLib does for a
    /// source that may not recurse when it takes the source's descriptor out of the poll
    /// and puts it back.
    @Test func runningTheMainActorsJobsDoesNotWakeTheLoopAgain() async {
        let hops = 40
        let turns = TurnCounter()
        defer { turns.stop() }
        let before = turns.count
        for _ in 0..<hops {
            // The loop is asleep in its poll by the time the other thread resumes the task.
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                Thread.detachNewThread {
                    usleep(2000)
                    continuation.resume()
                }
            }
        }
        let taken = turns.count - before
        // One a hop, two if a drain woke the loop again; with room for other sources.
        #expect(taken <= hops * 3 / 2, "\(taken) turns of the loop for \(hops) resumed tasks")
    }

    /// A job that runs a nested main loop, as a modal dialog does, does not have other
    /// main-actor jobs run inside it, even those that come meanwhile from another thread,
    /// and they run once it returns. The nested loop sleeps instead of turning for them.
    @Test(.timeLimit(.minutes(1)))
    func aNestedLoopInsideAJobLeavesOtherJobsUntilItReturns() async {
        // Start from a drain of the main queue: this job then runs inside one.
        await Task.yield()
        let log = JobLog()
        Thread.detachNewThread {
            usleep(20_000)
            Task { @MainActor in log.ran() }
        }
        let turns = TurnCounter()
        let before = turns.count
        let loop = g_main_loop_new(nil, cwk_false)
        defer { g_main_loop_unref(loop) }
        let quit: SourceHandler = {
            g_main_loop_quit(loop)
            return false
        }
        g_timeout_add_full(
            G_PRIORITY_DEFAULT, 100, Trampoline.sourceFunction, CallbackBox(quit).retainedPointer(),
            Trampoline.sourceDestroyNotify)
        g_main_loop_run(loop)
        let nestedTurns = turns.count - before
        turns.stop()
        #expect(!log.hasRun, "a job ran inside another job's nested loop")
        // A loop that turned for the waiting job each time it woke would take thousands.
        #expect(nestedTurns < 50, "the nested loop turned \(nestedTurns) times in 100 ms")
        // Nothing else wakes the main queue now: the job runs only if its wake-up was kept.
        await log.waitUntilRun()
        #expect(log.hasRun)
    }
}

/// Whether a job has run, and a task that waits for it.
@MainActor
private final class JobLog: Sendable {
    private(set) var hasRun = false
    private var waiting: CheckedContinuation<Void, Never>?

    func ran() {
        hasRun = true
        waiting?.resume()
        waiting = nil
    }

    func waitUntilRun() async {
        guard !hasRun else { return }
        await withCheckedContinuation { waiting = $0 }
    }
}

/// Counts the turns of the default main context: every turn prepares every source, this
/// one among them.
@MainActor
private final class TurnCounter {
    nonisolated(unsafe) private static var prepared = 0
    private let functions: UnsafeMutablePointer<GSourceFuncs>
    private let source: UnsafeMutablePointer<GSource>
    private var stopped = false

    var count: Int { Self.prepared }

    init() {
        functions = .allocate(capacity: 1)
        functions.initialize(
            to: GSourceFuncs(
                prepare: { _, timeout in
                    TurnCounter.prepared += 1
                    timeout?.pointee = -1
                    return cwk_false
                },
                check: { _ in cwk_false }, dispatch: { _, _, _ in cwk_true }, finalize: nil, closure_callback: nil,
                closure_marshal: nil))
        source = g_source_new(functions, guint(MemoryLayout<GSource>.size))
        g_source_attach(source, nil)
    }

    func stop() {
        guard !stopped else { return }
        stopped = true
        g_source_destroy(source)
        g_source_unref(source)
    }

    isolated deinit {
        stop()
        functions.deinitialize(count: 1)
        functions.deallocate()
    }
}
