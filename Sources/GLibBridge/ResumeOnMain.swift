internal import CResumeOnMain

/// Resumes, in `body`, the continuation of a task that waits on the main actor, and sends
/// that task straight to the main actor's queue.
///
/// A continuation resumed anywhere queues its task on the global executor, and a task
/// whose code is isolated to the main actor then hops from that worker thread to the main
/// queue. Called on the main thread, from a GLib callback, that costs a thread wake-up for
/// nothing. While `body` runs, the one task it queues on the global executor goes to the
/// main actor's queue instead (the Swift runtime's hook for global enqueues). The task
/// then runs as a job of the main actor, on the next turn of the main loop, as it would
/// after the hop.
///
/// Keep `body` to the resumption itself: make the value first. Only a task that goes on
/// on the main actor may be resumed here; one that goes on elsewhere (a nonisolated
/// caller of an `AsyncStream`) would run that code on the main thread.
///
///     let value = Result { try finish(source, result) }
///     resumingOnMainActor { continuation.resume(with: value) }
@MainActor
package func resumingOnMainActor(_ body: () -> Void) {
    cwk_resume_on_main_begin()
    defer { cwk_resume_on_main_end() }
    body()
}

/// Lets ``resumingOnMainActor(_:)`` redirect; idempotent. ``MainLoop`` calls it when it
/// starts draining the main queue.
func installMainActorResumption() {
    cwk_resume_on_main_install()
}

/// How many tasks ``resumingOnMainActor(_:)`` has sent to the main actor, for tests.
package var tasksResumedOnMainActor: Int { Int(cwk_resume_on_main_count()) }
