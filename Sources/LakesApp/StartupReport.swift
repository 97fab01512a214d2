import Foundation
import WebKitGTK

/// How long Lakes takes to show its first article, for `bench/run`: with
/// `LAKES_REPORT_STARTUP=1`, Lakes prints two JSON lines on standard output, the time from
/// `BENCH_T0_NS` (CLOCK_MONOTONIC nanoseconds taken by whoever started it) to the first
/// article's `.finished`, and to its first painted frame, and quits.
///
/// The frame is timed as the C baseline of `bench/` times it: the page itself posts a
/// message on its second animation frame after `load` (here from a user script, as the
/// bundled pages allow no inline script), and the time is taken when the message arrives.
@MainActor
enum StartupReport {
    /// The handler the page's script posts its first frame to.
    static let messageHandler = "lakesStartupFrame"

    /// Watches `page`'s first load when the environment asks for a report; `quit` ends Lakes.
    /// Call it before the first load starts, so that its document gets the frame script.
    static func watch(
        _ page: WebPage, environment: [String: String] = ProcessInfo.processInfo.environment,
        quit: @escaping @MainActor () -> Void
    ) {
        guard environment["LAKES_REPORT_STARTUP"] == "1", let start = environment["BENCH_T0_NS"].flatMap(UInt64.init)
        else { return }
        let report = Report(start: start, quit: quit)
        let content = page.configuration.userContentController
        content.addScriptMessageHandler(name: messageHandler) { _ in report.framed(at: monotonicNanoseconds()) }
        content.addUserScript(
            WKUserScript(
                source: """
                    addEventListener('load', () => requestAnimationFrame(() => requestAnimationFrame(() =>
                        webkit.messageHandlers.\(messageHandler).postMessage('frame'))));
                    """, injectionTime: .atDocumentStart))
        let updates = page.navigationUpdates
        Task { @MainActor in
            for await update in updates where update.event == .finished {
                report.finished(at: monotonicNanoseconds())
                return
            }
        }
    }

    /// The two times, written in order once both are known.
    @MainActor
    private final class Report {
        let start: UInt64
        let quit: @MainActor () -> Void
        var finishedAt: UInt64?
        var framedAt: UInt64?

        init(start: UInt64, quit: @escaping @MainActor () -> Void) {
            self.start = start
            self.quit = quit
        }

        func finished(at time: UInt64) {
            guard finishedAt == nil else { return }
            finishedAt = time
            writeIfDone()
        }

        func framed(at time: UInt64) {
            guard framedAt == nil else { return }
            framedAt = time
            writeIfDone()
        }

        private func writeIfDone() {
            guard let finishedAt, let framedAt else { return }
            write("finished_ms", milliseconds: Double(finishedAt &- start) / 1_000_000)
            write("first_frame_ms", milliseconds: Double(framedAt &- start) / 1_000_000)
            quit()
        }
    }

    private static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// Writes one JSON line at once (standard output is a pipe, which `print` would buffer).
    private static func write(_ metric: String, milliseconds: Double) {
        let line =
            #"{"bench": "startup", "metric": "\#(metric)", "impl": "lakes", "value": \#(milliseconds), "unit": "ms"}"#
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
