// lifetime: pages made (200, or --pages N), loaded with about:blank and closed, one after
// another, and the memory left once they are gone.
//
// No window is shown: a WebPage no WebView shows lives in an offscreen window
// (GtkOffscreenWindow) of its own, and close() destroys its engine view (gtk_widget_destroy).
import Foundation
import WebKitGTK

enum LifetimeBench {
    @MainActor
    static func run(_ options: Options) async throws {
        let cycles = options.pages ?? (options.quick ? 5 : 200)
        let blank = URL(string: "about:blank")!
        var heapAfterFive = 0
        let start = monotonicNanoseconds()
        for cycle in 0..<cycles {
            let page = WebPage()
            try await load(blank, in: page, what: "about:blank to load in cycle \(cycle + 1)")
            page.close()
            // This process's own memory along the way, to tell a steady growth from one that
            // levels off. Its anonymous part is its heap, which other processes do not share.
            let done = cycle + 1
            if done == min(5, cycles) { heapAfterFive = ProcessMemory.ownKiB("Pss_Anon") ?? 0 }
            if done == 5 || done % 50 == 0, let pss = ProcessMemory.ownKiB("Pss"),
                let anonymous = ProcessMemory.ownKiB("Pss_Anon")
            {
                diagnose("lifetime: own PSS after \(done) cycles: \(pss) kB, anonymous \(anonymous) kB")
            }
        }
        let cycle = milliseconds(from: start, to: monotonicNanoseconds()) / Double(cycles)
        try await Task.sleep(for: .seconds(2))
        let extra = options.pages.map { [("pages", "\($0)")] } ?? []
        // What this process's heap grew by from the fifth cycle on: a leak, and nothing that
        // other processes share, shows here. It is read before the processes' PSS, whose
        // walk through /proc allocates, and what it frees stays in the heap's pages.
        guard let heap = ProcessMemory.ownKiB("Pss_Anon") else { throw BenchError("no Pss_Anon in smaps_rollup") }
        let pss = try ProcessMemory.pssMiB()
        report("lifetime", "cycle_ms", cycle, "ms", extra: extra)
        report("lifetime", "pss_after_mib", pss, "MiB", extra: extra)
        report("lifetime", "heap_growth_mib", Double(heap - heapAfterFive) / 1024, "MiB", extra: extra)
    }
}
