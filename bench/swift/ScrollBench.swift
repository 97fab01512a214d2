// scroll: the main thread's CPU time while a shown page scrolls itself on every animation
// frame, first with nothing watching, then with a scroll-geometry observer on the view.
import Foundation
import WebKitGTK

#if canImport(Glibc)
    import Glibc
#endif

/// What the scroll-geometry observer read: how often it ran, and the last geometry.
final class GeometryReadings {
    var count = 0
    var last: ScrollGeometry?
}

enum ScrollBench {
    /// Scrolls by 8 px in every animation frame, back to the top at the bottom, until
    /// `window.benchScrolling` is false. The page is not loaded again between runs, so each
    /// start, and each stop, cancels the frame a loop has asked for: otherwise the loop of
    /// the run before would go on beside the new one, and the page would scroll twice as far
    /// in each frame.
    static let startScrolling = """
        window.benchScrolling = true;
        cancelAnimationFrame(window.benchFrame);
        const root = document.scrollingElement || document.documentElement;
        const step = () => {
            if (!window.benchScrolling) return;
            if (scrollY + innerHeight >= root.scrollHeight - 1) scrollTo(0, 0); else scrollBy(0, 8);
            window.benchFrame = requestAnimationFrame(step);
        };
        window.benchFrame = requestAnimationFrame(step);
        """

    /// The C program's tall document: 200 short paragraphs.
    static let document =
        "<!DOCTYPE html><title>Scroll</title>"
        + (1...200).map {
            "<p>Paragraph \($0). The shore curves away to the north, where the water is deep "
                + "and cold, and the path climbs through birches to a ridge of grey rock.</p>"
        }.joined()

    @MainActor
    static func run(_ options: Options) async throws {
        let seconds = options.quick ? 0.5 : 3.0
        let page = WebPage()
        let window = showInWindow(page)
        try await loadHTML(document, in: page, what: "the tall document to load")

        let unobserved = try await mainThreadCPU(scrolling: page, for: seconds)
        report("scroll", "main_cpu_ms_per_s", unobserved, "ms/s", extra: [("observer", "false")])

        let readings = GeometryReadings()
        window.webView.webViewOnScrollGeometryChange(for: ScrollGeometry.self, of: { $0 }) { _, geometry in
            readings.count += 1
            readings.last = geometry
        }
        let observed = try await mainThreadCPU(scrolling: page, for: seconds)
        guard readings.count > 0, let last = readings.last else {
            throw BenchError("the scroll-geometry observer never ran while the page scrolled")
        }
        diagnose(
            "lakes-bench: scroll: the observer ran \(readings.count) times; last offset y \(last.contentOffset.y)"
                + " of \(last.contentSize.height)")
        report("scroll", "main_cpu_ms_per_s", observed, "ms/s", extra: [("observer", "true")])
    }

    /// Starts the page scrolling, measures the main thread's CPU time over `seconds`, stops
    /// the scrolling and goes back to the top.
    ///
    /// - Returns: CPU milliseconds (user and system) per second of the interval.
    @MainActor
    private static func mainThreadCPU(scrolling page: WebPage, for seconds: Double) async throws -> Double {
        _ = try await waiting(for: "the page to start scrolling") { try await page.callJavaScript(startScrolling) }
        let startCPU = mainThreadCPUNanoseconds()
        let start = monotonicNanoseconds()
        try await waiting(for: "\(seconds) s of scrolling") { try await Task.sleep(for: .seconds(seconds)) }
        let cpu = Double(mainThreadCPUNanoseconds() - startCPU) / 1e6
        let elapsed = milliseconds(from: start, to: monotonicNanoseconds()) / 1000
        _ = try await waiting(for: "the page to stop scrolling") {
            try await page.callJavaScript(
                "window.benchScrolling = false; cancelAnimationFrame(window.benchFrame); scrollTo(0, 0);")
        }
        return cpu / elapsed
    }

    /// The calling thread's user and system CPU time (`getrusage(RUSAGE_THREAD)`), in ns.
    private static func mainThreadCPUNanoseconds() -> UInt64 {
        precondition(Thread.isMainThread, "the main thread's CPU time is read on the main thread")
        var usage = rusage()
        // RUSAGE_THREAD (1): Glibc's Swift module leaves it out, as it is a GNU extension.
        let rusageThread = __rusage_who_t(1)
        guard getrusage(rusageThread, &usage) == 0 else { fail("getrusage(RUSAGE_THREAD) failed: errno \(errno)") }
        func nanoseconds(_ time: timeval) -> UInt64 {
            UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_usec) * 1000
        }
        return nanoseconds(usage.ru_utime) + nanoseconds(usage.ru_stime)
    }
}
