import CWebKitGTK
import Foundation
import Testing

@testable import GLibBridge

/// Where nonisolated async code runs: on the global executor's threads.
nonisolated private func runsOnMainThread() async -> Bool { Thread.isMainThread }

@MainActor
struct ResumeOnMainTests {
    /// A GIO call's callback sends its task to the main actor itself, with no worker
    /// thread in between: one redirected resumption and one turn of the loop per call.
    @Test func aGIOCallResumesItsTaskOnTheMainActor() async throws {
        let redirected = tasksResumedOnMainActor
        let calls = 20
        for _ in 0..<calls {
            #expect(try await rootIsAFolder())
            MainActor.assertIsolated()
        }
        #expect(tasksResumedOnMainActor - redirected == calls)
    }

    /// Only the resumption inside the window goes to the main actor: work queued on the
    /// global executor before or after it still runs on a worker thread.
    @Test func onlyTheArmedResumptionIsRedirected() async {
        #expect(await runsOnMainThread() == false)
        let redirected = tasksResumedOnMainActor
        let value = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            let handler: SourceHandler = {
                MainActor.assumeIsolated { resumingOnMainActor { continuation.resume(returning: 7) } }
                return false
            }
            g_idle_add_full(
                G_PRIORITY_DEFAULT, Trampoline.sourceFunction, CallbackBox(handler).retainedPointer(),
                Trampoline.sourceDestroyNotify)
        }
        #expect(value == 7)
        #expect(tasksResumedOnMainActor - redirected == 1)
        #expect(await runsOnMainThread() == false)
        #expect(await Task.detached { Thread.isMainThread }.value == false)
    }

    /// A task that prefers an executor of its own goes there, as the runtime sends it:
    /// the window takes only what would have gone to the global executor.
    @Test func aTaskWithAnExecutorPreferenceKeepsIt() async {
        let executor = CountingExecutor()
        let redirected = tasksResumedOnMainActor
        await withTaskExecutorPreference(executor) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { resumingOnMainActor { continuation.resume() } }
                }
            }
        }
        #expect(executor.jobs > 0)
        #expect(tasksResumedOnMainActor == redirected)
    }
}

/// A task executor that runs its jobs on a thread of its own and counts them.
private final class CountingExecutor: TaskExecutor, @unchecked Sendable {
    private let queue = DispatchQueue(label: "CountingExecutor")
    private let lock = NSLock()
    private var count = 0

    var jobs: Int { lock.withLock { count } }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        lock.withLock { count += 1 }
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
