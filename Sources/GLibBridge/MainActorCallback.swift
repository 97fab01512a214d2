internal import CResumeOnMain
import Foundation

/// Runs `body` as main-actor code, from a C callback that GLib, GIO or GTK made, and stops
/// the program with a message if the callback came on a thread other than the main one.
///
/// The check is the one this package's main loop rests on: GLib's main context, the
/// dispatch main queue and so the main actor all run on the main thread
/// (``MainLoop/ensureDriven()`` stops a program arranged otherwise), so code on the main
/// thread may touch the main actor's state. It costs a comparison of two thread handles
/// (`pthread_equal`, against the thread remembered before `main`), not the two system calls
/// of Foundation's `Thread.isMainThread` on Linux. `MainActor.assumeIsolated` checks twice,
/// each time through the runtime's lookup of the current executor: once itself, and again
/// as the closure it was given starts (SE-0423). Every signal, every awaited GIO call and
/// every turn of the main loop that runs main-actor jobs comes through here; what that
/// costs is in BENCHMARKS.md, "A C callback checks for the main thread once".
///
///     let result = assumeMainActor { handler(arguments) }
///
/// - Parameter body: What the callback does; it runs at once, on the calling thread.
/// - Returns: What `body` returns.
@inline(__always)
package func assumeMainActor<T>(_ body: @MainActor () -> T) -> T {
    guard isOnMainThread else { callbackOffTheMainThread() }
    // A main-actor function, called as a plain one: the check above stands for its
    // isolation. The function has no context to box. Turning `body` itself into a plain
    // closure (`withoutActuallyEscaping`, then a cast) put it in a box on the heap at
    // every call.
    let run: @MainActor (@MainActor () -> T) -> T = runOnMainActor
    return unsafeBitCast(run, to: ((@MainActor () -> T) -> T).self)(body)
}

/// Calls `body`, in ``assumeMainActor(_:)``.
@MainActor
private func runOnMainActor<T>(_ body: @MainActor () -> T) -> T { body() }

/// Whether the calling thread is the main one, the thread that started the program: the
/// check of ``assumeMainActor(_:)``.
package var isOnMainThread: Bool { cwk_is_main_thread() }

/// Stops the program: a callback that runs main-actor code came on another thread, where
/// running it would race with the main actor.
@inline(never)
func callbackOffTheMainThread() -> Never {
    fatalError(
        """
        a GLib callback into main-actor code ran on thread \(Thread.current), not the main thread: \
        GTK, WebKit and their signals belong to the main thread
        """)
}
