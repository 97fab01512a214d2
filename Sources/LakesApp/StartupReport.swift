import Foundation
import WebKitGTK

/// How long Lakes takes to show its first article, for `bench/run`: with
/// `LAKES_REPORT_STARTUP=1`, Lakes prints two JSON lines on standard output, the time from
/// `BENCH_T0_NS` (CLOCK_MONOTONIC nanoseconds taken by whoever started it) to the first
/// article's `.finished`, and to its first painted frame (two animation frames after it,
/// as the page sees them), and quits.
@MainActor
enum StartupReport {
    /// Watches `page`'s first load when the environment asks for a report; `quit` ends Lakes.
    static func watch(
        _ page: WebPage, environment: [String: String] = ProcessInfo.processInfo.environment,
        quit: @escaping @MainActor () -> Void
    ) {
        guard environment["LAKES_REPORT_STARTUP"] == "1", let start = environment["BENCH_T0_NS"].flatMap(UInt64.init)
        else { return }
        Task { @MainActor in
            for await update in page.navigationUpdates where update.event == .finished {
                report("finished_ms", since: start)
                _ = try? await page.callJavaScript(
                    "await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
                report("first_frame_ms", since: start)
                quit()
                return
            }
        }
    }

    private static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// Writes one JSON line at once (standard output is a pipe, which `print` would buffer).
    private static func report(_ metric: String, since start: UInt64) {
        let milliseconds = Double(monotonicNanoseconds() &- start) / 1_000_000
        let line =
            #"{"bench": "startup", "metric": "\#(metric)", "impl": "lakes", "value": \#(milliseconds), "unit": "ms"}"#
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
