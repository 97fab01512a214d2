internal import CWebKitGTK
import Synchronization

/// Brings a task that awaits a GLib callback back to the main thread without a worker
/// thread in between.
///
/// A task that awaits a continuation resumes on the global executor, a worker thread,
/// and from there hops to the main actor through the dispatch main queue: two thread
/// switches for every GIO callback, signal or WebKit reply the library awaits. On the
/// 2-core machine of the benchmarks that hop took 8 µs with the machine idle and 30–75 µs
/// with both cores busy. Awaited inside ``awaitingOnMainLoop(_:)``, the task prefers this
/// executor (SE-0417), so its resumption is queued here instead: a one-shot GLib source
/// runs it on the main thread, and the task then reaches the main actor through the
/// main queue without waking another thread (about 5 µs in all).
///
/// Jobs run here as the task executor only, never as the main actor's serial executor: a
/// job that must be on the main actor still asks for it, so no isolation is assumed.
package final class MainLoopExecutor: TaskExecutor {
    package static let shared = MainLoopExecutor()

    private let state = Mutex<(queued: [UnownedJob], ran: Int)>(([], 0))

    private init() {}

    /// Queues a job; the first job of a batch schedules the source that runs the batch.
    /// May be called from any thread (`g_idle_add_full` wakes the main context).
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let isFirst = state.withLock { state in
            state.queued.append(job)
            return state.queued.count == 1
        }
        if isFirst {
            g_idle_add_full(G_PRIORITY_DEFAULT, Trampoline.mainLoopExecutorBatch, nil, nil)
        }
    }

    /// How many jobs have run here, for tests.
    package var jobsRun: Int { state.withLock { $0.ran } }

    /// Runs the jobs queued so far; jobs they queue wait for the next turn of the loop.
    func runQueuedJobs() {
        let batch = state.withLock { state in
            defer {
                state.ran += state.queued.count
                state.queued.removeAll(keepingCapacity: true)
            }
            return state.queued
        }
        for job in batch {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Awaits `operation` with ``MainLoopExecutor`` as the task's preferred executor, so a
/// continuation resumed from a GLib callback comes back to the main actor without passing
/// through a worker thread.
///
/// Keep `operation` to the awaiting itself (a continuation, a stream's `next`, their
/// cancellation handler): any other nonisolated async code in it would run on the main
/// thread too.
package func awaitingOnMainLoop<Result, Failure: Error>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws(Failure) -> Result
) async throws(Failure) -> Result {
    try await withTaskExecutorPreference(MainLoopExecutor.shared, isolation: isolation, operation: operation)
}
