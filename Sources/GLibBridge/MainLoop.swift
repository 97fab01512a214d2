internal import CWebKitGTK
import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Joins GLib's main context and libdispatch's main queue, so that GTK signals and
/// `@MainActor` Swift code run on one thread and neither waits forever for the other.
///
/// Two programs own the main thread in two different ways:
/// - **GLib owns it** (an app in `g_application_run` or `gtk_main`): the Swift main
///   actor's jobs sit on libdispatch's main queue, which nobody drains. Call
///   ``prepareForGLibOwnedMainThread()`` before the loop runs: a GLib source watches the
///   queue's eventfd and drains it, as CoreFoundation's run loop does.
/// - **Dispatch owns it** (`swift test`, an `async` main): nobody iterates GLib, so WebKit's
///   signals are never delivered. ``ensureDriven()`` then drives GLib from the main queue:
///   it asks GLib which file descriptors and timeout it waits for, waits for them on a
///   helper thread, and runs GLib's check and dispatch back on the main queue.
///
/// Only one mode is active at a time; switching from dispatch-driven to GLib-owned stops
/// the driver first.
@MainActor
public enum MainLoop {
    private enum Mode { case none, glibOwnsMainThread, dispatchOwnsMainThread }
    private static var mode = Mode.none
    private static var drainSourceID: guint = 0
    private static var driver: DispatchDrivenContext?

    /// Installs the source that drains the dispatch main queue from GLib's main loop.
    ///
    /// Call it on the main thread before running a GLib main loop (the app's `run`). It is
    /// idempotent, and stops dispatch-driven iteration if that was running.
    public static func prepareForGLibOwnedMainThread() {
        guard mode != .glibOwnsMainThread else { return }
        driver?.stop()
        driver = nil
        let fd = cwk_dispatch_main_queue_handle()
        let handler: SourceHandler = {
            var value: eventfd_t = 0
            _ = eventfd_read(fd, &value)  // non-blocking: libdispatch made it so
            cwk_dispatch_main_queue_drain()
            return true
        }
        let data = CallbackBox<SourceHandler>(handler).retainedPointer()
        drainSourceID = g_unix_fd_add_full(
            G_PRIORITY_DEFAULT, fd, G_IO_IN, Trampoline.unixFDSourceFunction, data, Trampoline.sourceDestroyNotify)
        mode = .glibOwnsMainThread
    }

    /// Makes sure GLib's main context is iterated: if no GLib main loop owns the main
    /// thread, starts driving it from the dispatch main queue. Idempotent.
    public static func ensureDriven() {
        guard mode == .none else { return }
        let driver = DispatchDrivenContext()
        self.driver = driver
        mode = .dispatchOwnsMainThread
        driver.start()
    }

    /// Runs `body` on the main actor while a GLib main loop owns the main thread, and
    /// exits the process when it returns.
    ///
    /// Use it as the whole of a synchronous `main` for programs whose main actor must be
    /// the real main thread (where GTK and WebKit expect to run), for example a test runner:
    /// with an `async` main, libdispatch parks the main thread and runs main-actor jobs on
    /// worker threads, which WebKit's thread-affine run loops cannot follow.
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

    /// ``run(_:)`` under a fixed symbol name, for the test runner's entry point
    /// (`Tests/TestRunner.swift`), which declares it with `@_silgen_name` so that it can
    /// start before any test module, or this one's C headers, is imported.
    @_silgen_name("GLibBridge_MainLoop_run")
    public static func runForTestRunner(_ body: @escaping @MainActor () async -> Void) -> Never {
        run(body)
    }

    /// Calls `handler` on the main loop whenever the process receives `signal` (for example
    /// `SIGTERM`), instead of the signal's default action.
    ///
    /// The signal is unblocked first: a process started by a parent that blocked it (as
    /// some runtimes do in their worker threads) would otherwise never see it.
    public static func onUnixSignal(_ signal: Int32, _ handler: @escaping @MainActor () -> Void) {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        let callback: SourceHandler = {
            MainActor.assumeIsolated { handler() }
            return true
        }
        g_unix_signal_add_full(
            G_PRIORITY_DEFAULT, signal, Trampoline.sourceFunction, CallbackBox(callback).retainedPointer(),
            Trampoline.sourceDestroyNotify)
    }

    /// Whether GLib is currently driven from the dispatch main queue.
    public static var isDispatchDriven: Bool { mode == .dispatchOwnsMainThread }
}

/// Iterates GLib's default main context from the dispatch main queue.
///
/// One cycle: on the main queue, GLib prepares its sources and says which descriptors and
/// timeout it waits for; a helper thread sleeps in `poll` on them; when it wakes, the main
/// queue runs GLib's check and dispatch and starts the next cycle. The helper only ever
/// calls `poll`; all GLib calls stay on the main thread, which holds the context.
///
/// GLib does not wake its own poll when the thread that owns the context adds a source
/// outside of dispatch (Swift code on the main actor calling into WebKit between
/// iterations), so a wait never lasts longer than ``maximumWait`` milliseconds: such work
/// starts within that bound. Idle, that is one cheap `poll` per bound.
@MainActor
final class DispatchDrivenContext {
    /// The longest a cycle waits before asking GLib again, in milliseconds.
    static let maximumWait: Int32 = 8

    private let context = g_main_context_default()
    private var fds: [GPollFD] = []
    private var priority: gint = 0
    private var stopped = false
    private let poller = Poller()

    func start() {
        guard g_main_context_acquire(context) != 0 else {
            preconditionFailure("another thread owns GLib's main context; it cannot be driven from the main queue")
        }
        beginCycle()
    }

    func stop() {
        stopped = true
        poller.interrupt()
        g_main_context_release(context)
    }

    /// Prepares GLib's sources, then hands the descriptors and timeout to the poller.
    private func beginCycle() {
        guard !stopped else { return }
        g_main_context_prepare(context, &priority)
        var timeout: gint = 0
        var capacity = max(fds.count, 16)
        while true {
            fds = Array(repeating: GPollFD(), count: capacity)
            let needed = Int(g_main_context_query(context, priority, &timeout, &fds, gint(capacity)))
            if needed <= capacity {
                fds.removeSubrange(needed...)
                break
            }
            capacity = needed
        }
        let wait = timeout < 0 ? Self.maximumWait : min(timeout, Self.maximumWait)
        poller.poll(fds, timeout: wait) { [weak self] revents in
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self?.finishCycle(revents) }
            }
        }
    }

    /// Runs GLib's check and dispatch with the poller's results, then starts over.
    private func finishCycle(_ revents: [gushort]) {
        guard !stopped else { return }
        for index in fds.indices where index < revents.count { fds[index].revents = revents[index] }
        if g_main_context_check(context, priority, &fds, gint(fds.count)) != 0 {
            g_main_context_dispatch(context)
        }
        beginCycle()
    }
}

/// A thread that waits in `poll(2)` for one set of descriptors at a time.
private final class Poller: @unchecked Sendable {
    // Guarded by `condition`.
    private var request: (fds: [pollfd], timeout: Int32, done: @Sendable ([gushort]) -> Void)?
    private var running = true
    private let condition = NSCondition()
    private let wakeFD = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))

    init() {
        let thread = Thread { [self] in run() }
        thread.start()
    }

    func poll(_ fds: [GPollFD], timeout: Int32, done: @escaping @Sendable ([gushort]) -> Void) {
        let converted = fds.map { pollfd(fd: $0.fd, events: Int16(bitPattern: $0.events), revents: 0) }
        condition.lock()
        request = (converted, timeout, done)
        condition.signal()
        condition.unlock()
    }

    /// Ends a wait in progress and stops the thread.
    func interrupt() {
        condition.lock()
        running = false
        condition.signal()
        condition.unlock()
        eventfd_write(wakeFD, 1)
    }

    private func run() {
        while true {
            condition.lock()
            while running && request == nil { condition.wait() }
            let next = running ? request : nil
            request = nil
            condition.unlock()
            guard let next else {
                close(wakeFD)
                return
            }
            var fds = next.fds
            fds.append(pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0))
            _ = Glibc.poll(&fds, nfds_t(fds.count), next.timeout)
            if fds.last!.revents != 0 {
                var value: eventfd_t = 0
                _ = eventfd_read(wakeFD, &value)
            }
            next.done(fds.dropLast().map { gushort(bitPattern: $0.revents) })
        }
    }
}
