// What every benchmark shares: the clock, the JSON lines, failing, waiting with a limit,
// and the window that shows a page.
import Dispatch
import Foundation
import WebKitGTK

#if canImport(Glibc)
    import Glibc
#endif

/// CLOCK_MONOTONIC now, in nanoseconds: the clock the driver's `BENCH_T0_NS` is read from.
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Milliseconds from `start` to `end` (both CLOCK_MONOTONIC nanoseconds).
func milliseconds(from start: UInt64, to end: UInt64) -> Double {
    Double(Int64(bitPattern: end &- start)) / 1e6
}

/// Writes a line on standard error.
func diagnose(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Says what failed on standard error and ends the process with status 1.
func fail(_ message: String) -> Never {
    diagnose("lakes-bench: \(message)")
    fflush(nil)
    exit(1)
}

/// The benchmark's failure: its message is what the process prints before it exits 1.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Writes one result as a JSON line on standard output.
///
/// - Parameters:
///   - bench: The subcommand.
///   - metric: The metric's name.
///   - value: The value.
///   - unit: Its unit; `count` for whole numbers.
///   - extra: Further fields, written after `unit` in this order.
func report(_ bench: String, _ metric: String, _ value: Double, _ unit: String, extra: [(String, String)] = []) {
    // A count is a whole number; every other value has four decimals.
    let number = unit == "count" ? String(Int64(value)) : String(format: "%.4f", value)
    var fields = [
        #""bench": "\#(bench)""#, #""metric": "\#(metric)""#, #""impl": "swift""#, #""value": \#(number)"#,
        #""unit": "\#(unit)""#,
    ]
    fields += extra.map { #""\#($0.0)": \#($0.1)"# }
    print("{" + fields.joined(separator: ", ") + "}")
    fflush(nil)
}

/// The limit of every wait, in seconds.
let waitLimit = 60.0

/// Runs `body`, and ends the process with status 1 if it has not returned after `seconds`.
///
/// The limit is kept by a timer on a dispatch queue of its own, so it fires even when the
/// main thread is stuck.
///
/// - Parameters:
///   - what: What is waited for, for the message.
///   - seconds: The limit. Default: ``waitLimit``.
///   - body: The wait.
/// - Returns: What `body` returns.
@MainActor
func waiting<T>(for what: String, seconds: Double = waitLimit, _ body: () async throws -> T) async throws -> T {
    let timeout = exitAfter(seconds, saying: "timed out after \(Int(seconds)) s waiting for \(what)")
    defer { timeout.cancel() }
    return try await body()
}

/// Ends the process with status 1 and `message` after `seconds`, from a dispatch worker
/// thread, unless the returned timer is cancelled first. Keep the timer until the wait
/// ends: a timer source let go of is never fired.
///
/// A cancelled timer source is freed at once, as the C program's `g_source_remove` frees
/// its watchdog; a cancelled `asyncAfter` work item stays queued, message and all, until
/// its deadline, and the lifetime job, which waits once a cycle, counted 200 of them in
/// its heap. It is not main-actor isolated, so that its handler is not either: the
/// handler runs off the main thread.
func exitAfter(_ seconds: Double, saying message: String) -> any DispatchSourceTimer {
    let timer = DispatchSource.makeTimerSource(queue: .global())
    timer.setEventHandler {
        diagnose("lakes-bench: \(message)")
        fflush(nil)
        _exit(1)
    }
    timer.schedule(deadline: .now() + seconds)
    timer.activate()
    return timer
}

/// Loads `html` in `page` and returns once the load has finished.
///
/// - Returns: CLOCK_MONOTONIC nanoseconds when the load sequence reported `.finished`.
/// - Throws: ``BenchError`` when the sequence ended without `.finished`, and what it threw.
@MainActor
@discardableResult
func loadHTML(_ html: String, baseURL: URL? = nil, in page: WebPage, what: String) async throws -> UInt64 {
    try await waiting(for: what) {
        for try await event in page.load(html: html, baseURL: baseURL) where event == .finished {
            return monotonicNanoseconds()
        }
        throw BenchError("\(what) ended without finishing")
    }
}

/// Loads `url` in `page` and returns once the load has finished.
///
/// - Throws: ``BenchError`` when the sequence ended without `.finished`, and what it threw.
@MainActor
func load(_ url: URL, in page: WebPage, what: String) async throws {
    try await waiting(for: what) {
        for try await event in page.load(url) where event == .finished { return }
        throw BenchError("\(what) ended without finishing")
    }
}

/// A one-time event that any number of tasks can wait for.
@MainActor
final class Latch {
    /// CLOCK_MONOTONIC nanoseconds when the latch opened; nil while it is shut.
    private(set) var openedAt: UInt64?
    private var waiters: [CheckedContinuation<Void, Never>] = []

    var isOpen: Bool { openedAt != nil }

    /// Opens the latch: every waiter goes on. Opening it again does nothing.
    ///
    /// - Parameter time: When it opened. Default: now.
    func open(at time: UInt64 = monotonicNanoseconds()) {
        guard !isOpen else { return }
        openedAt = time
        let waiting = waiters
        waiters.removeAll()
        for waiter in waiting { waiter.resume() }
    }

    /// Returns once the latch is open, or at once if it is already.
    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}

/// Shows `page` in a 1024×768 GtkWindow of its own (`gtk_widget_show_all`).
@MainActor
func showInWindow(_ page: WebPage) -> WebWindow {
    let window = WebWindow(page: page, appName: "lakes-bench", width: 1024, height: 768)
    window.present()
    return window
}
