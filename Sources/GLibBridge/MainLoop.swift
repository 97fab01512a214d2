internal import CWebKitGTK
import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Joins GLib's main context and libdispatch's main queue, so that GTK signals and
/// `@MainActor` Swift code run on one thread, the main one, and neither waits forever for
/// the other.
///
/// GLib must own the main thread: the program runs a GLib main loop there
/// (`g_application_run`, `gtk_main`, or ``run(_:)``), and a GLib source watches the dispatch
/// main queue's eventfd and drains it, as CoreFoundation's run loop does. The main actor's
/// jobs then run inside the GLib loop, and `MainActor.assumeIsolated` holds in signal
/// handlers.
///
/// The other arrangement, dispatch owning the main thread (an `async` main, or SwiftPM's
/// own test runner), cannot host GTK: libdispatch then parks the main thread and runs
/// main-actor jobs on whichever worker thread is free, while GTK and WebKit bind their
/// state to one thread. ``ensureDriven()`` stops such a program with a message saying so.
@MainActor
public enum MainLoop {
    private static var drainSourceID: guint = 0

    /// How many times the main loop has drained the dispatch main queue: each is one turn
    /// of the loop that main-actor jobs waited for. For tests.
    package private(set) static var mainQueueDrains = 0

    /// Installs the source that drains the dispatch main queue from GLib's main loop.
    ///
    /// Call it on the main thread before running a GLib main loop (the app's `run`). It is
    /// idempotent. The source is a `g_unix_fd_add_full` watch on libdispatch's main-queue
    /// handle that calls `_dispatch_main_queue_callback_4CF`.
    ///
    ///     MainLoop.prepareForGLibOwnedMainThread()
    ///     let status = g_application_run(application, argc, argv)
    ///
    /// - Precondition: it runs on the main thread; under an `async` main the main actor
    ///   runs elsewhere, and the program stops with a message saying to use a synchronous
    ///   `main` that calls ``run(_:)``.
    public static func prepareForGLibOwnedMainThread() {
        guard drainSourceID == 0 else { return }
        precondition(
            isOnMainThread,
            """
            GTK and WebKit must run on the main thread, inside a GLib main loop. This program's main actor \
            runs elsewhere, as it does under an async main: use a synchronous main that calls MainLoop.run { }.
            """)
        let fd = cwk_dispatch_main_queue_handle()
        let handler: SourceHandler = {
            var value: eventfd_t = 0
            _ = eventfd_read(fd, &value)  // non-blocking: libdispatch made it so
            assumeMainActor { mainQueueDrains += 1 }
            cwk_dispatch_main_queue_drain()
            return true
        }
        let data = CallbackBox<SourceHandler>(handler).retainedPointer()
        installMainActorResumption()
        drainSourceID = g_unix_fd_add_full(
            G_PRIORITY_DEFAULT, fd, G_IO_IN, Trampoline.unixFDSourceFunction, data, Trampoline.sourceDestroyNotify)
        // GLib takes the descriptor of a source that may not recurse out of the poll while
        // it dispatches the source, and puts it back afterwards, waking the loop each time:
        // two writes to the loop's eventfd after every drain, and a turn of the loop for
        // nothing before it sleeps. This source may recurse. A nested main loop that a job
        // runs (a modal dialog) still runs no other job: it reads the eventfd, so it does not
        // spin, and libdispatch's drain returns at once inside its own drain. What came
        // meanwhile runs once the job returns.
        g_source_set_can_recurse(g_main_context_find_source_by_id(nil, drainSourceID), cwk_true)
    }

    /// Makes sure the main actor's jobs reach GLib's main loop; called before any GTK or
    /// GIO work. A program that has not started its GLib loop yet gets the drain source
    /// now, and its loop serves it once it runs.
    ///
    /// - Precondition: the main actor runs on the main thread (a synchronous main).
    public static func ensureDriven() {
        prepareForGLibOwnedMainThread()
    }

    /// Runs `body` on the main actor while a GLib main loop owns the main thread, and
    /// exits the process when it returns.
    ///
    /// Use it as the whole of a synchronous `main`:
    ///
    /// ```swift
    /// import WebKitGTK
    ///
    /// MainLoop.run {
    ///     let page = WebPage()
    ///     do {
    ///         for try await _ in page.load(html: "<title>Hello</title>") {}
    ///         print(page.title)  // Hello
    ///     } catch {
    ///         print("the page did not load:", error)
    ///     }
    /// }
    /// ```
    ///
    /// The loop is a `GMainLoop` on the default main context (`g_main_loop_run`), so GTK,
    /// WebKit and the main actor all run in it.
    ///
    /// - Parameter body: The program, run on the main actor inside the GLib main loop.
    /// - Returns: Never; the process exits with status 0 when `body` returns.
    public static func run(_ body: @escaping @MainActor () async -> Void) -> Never {
        prepareForGLibOwnedMainThread()
        let loop = g_main_loop_new(nil, cwk_false)
        Task { @MainActor in
            await body()
            exit(0)
        }
        g_main_loop_run(loop)
        exit(0)
    }

    /// Calls `handler` on the main loop whenever the process receives `signal` (for example
    /// `SIGTERM`), instead of the signal's default action.
    ///
    /// The signal is unblocked first: a process started by a parent that blocked it (as
    /// some runtimes do in their worker threads) would otherwise never see it.
    ///
    ///     let watch = MainLoop.onUnixSignal(SIGTERM) { saveAndQuit() }
    ///
    /// - Parameters:
    ///   - signal: The signal: `SIGHUP`, `SIGINT`, `SIGTERM`, `SIGUSR1`, `SIGUSR2` or
    ///     `SIGWINCH`, the ones GLib watches.
    ///   - handler: Runs on the main actor, in the main loop, each time the signal arrives.
    /// - Returns: The watch's GLib source ID, for ``removeUnixSignalHandler(_:)``
    ///   (`g_unix_signal_add_full`).
    @discardableResult
    public static func onUnixSignal(_ signal: Int32, _ handler: @escaping @MainActor () -> Void) -> UInt32 {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        let callback: SourceHandler = {
            assumeMainActor { handler() }
            return true
        }
        return g_unix_signal_add_full(
            G_PRIORITY_DEFAULT, signal, Trampoline.sourceFunction, CallbackBox(callback).retainedPointer(),
            Trampoline.sourceDestroyNotify)
    }

    /// Stops a handler of ``onUnixSignal(_:_:)``; once a signal has no handler left, GLib
    /// gives it back its default action (`g_source_remove`).
    ///
    /// - Parameter sourceID: What ``onUnixSignal(_:_:)`` returned. An ID already removed
    ///   is ignored.
    public static func removeUnixSignalHandler(_ sourceID: UInt32) {
        guard sourceID != 0, let source = g_main_context_find_source_by_id(nil, sourceID) else { return }
        g_source_destroy(source)
    }
}
