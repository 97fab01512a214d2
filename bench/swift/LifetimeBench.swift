// lifetime: pages made, loaded with about:blank and closed, one after another, and the
// memory left once they are gone.
//
// No window is shown: a WebPage no WebView shows lives in an offscreen window
// (GtkOffscreenWindow) of its own, and close() destroys its engine view (gtk_widget_destroy).
import Foundation
import WebKitGTK

enum LifetimeBench {
    @MainActor
    static func run(_ options: Options) async throws {
        let cycles = options.quick ? 5 : 200
        let blank = URL(string: "about:blank")!
        let start = monotonicNanoseconds()
        for cycle in 0..<cycles {
            let page = WebPage()
            try await load(blank, in: page, what: "about:blank to load in cycle \(cycle + 1)")
            page.close()
        }
        let cycle = milliseconds(from: start, to: monotonicNanoseconds()) / Double(cycles)
        try await Task.sleep(for: .seconds(2))
        report("lifetime", "cycle_ms", cycle, "ms")
        report("lifetime", "pss_after_mib", try ProcessMemory.pssMiB(), "MiB")
    }
}
