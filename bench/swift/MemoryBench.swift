// memory: N pages, each with a small document, and what they cost in PSS across the
// process and its WebKit processes.
//
// The first page is shown in the window. The library's public API puts one WebView in a
// WebWindow and offers no container of several, so the other pages stay where an unshown
// WebPage lives: in an offscreen 1024×768 window of its own, laid out and painted as if
// shown.
import Foundation
import WebKitGTK

enum MemoryBench {
    @MainActor
    static func run(_ options: Options) async throws {
        let count = options.pages ?? (options.quick ? 2 : 1)
        let pages = (0..<count).map { _ in WebPage() }
        let window = showInWindow(pages[0])
        // Every load starts at once; their events wait in their sequences until read.
        let loads = pages.enumerated().map { index, page in
            page.load(html: prose(title: "Page \(index + 1)", paragraphs: 10))
        }
        try await waiting(for: "\(count) pages to finish loading") {
            for (index, events) in loads.enumerated() {
                var finished = false
                for try await event in events where event == .finished { finished = true }
                guard finished else { throw BenchError("page \(index + 1) ended its load without finishing") }
            }
        }
        try await Task.sleep(for: .seconds(2))
        report("memory", "pss_mib", try ProcessMemory.pssMiB(), "MiB", extra: [("pages", "\(count)")])
        withExtendedLifetime((window, pages)) {}
    }
}
