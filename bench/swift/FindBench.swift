// find: counting the matches of a word in a large document with the view's find navigator.
//
// FindNavigator.search(_:) asks WebKit's find controller to count the matches
// (webkit_find_controller_count_matches, case-insensitive, wrapping, at most Int32.max)
// and then to highlight them (webkit_find_controller_search); the count is the first to
// come back, in `counted-matches`, and sets `matchCount`.
import Foundation
import Observation
import WebKitGTK

enum FindBench {
    /// A sentence of about 100 bytes with `lake` in it once, and no other word that holds it.
    static let sentence =
        "On calm mornings the lake mirrors the tall pines, the hills and the slow grey clouds over the wide valley. "

    @MainActor
    static func run(_ options: Options) async throws {
        // The C program's document, byte for byte: ten sentences a paragraph, 20,000 matches
        // in about 2 MiB (quick: 200 in about 20 KiB).
        let expected = options.quick ? 200 : 20_000
        var html = "<!DOCTYPE html><title>Find</title>"
        for index in 0..<expected {
            if index % 10 == 0 { html += index == 0 ? "<p>" : "</p><p>" }
            html += sentence
        }
        html += "</p>"
        diagnose("lakes-bench: find: a document of \(html.utf8.count) bytes")
        let page = WebPage()
        let window = showInWindow(page)
        try await loadHTML(html, in: page, what: "the find document to load")

        let navigator = window.webView.findNavigator
        let counted = Latch()
        let start = monotonicNanoseconds()
        navigator.search("lake")
        // Tracking starts after search(_:) has cleared the count, so the next change is the count.
        withObservationTracking {
            _ = navigator.matchCount
        } onChange: {
            let at = monotonicNanoseconds()
            Task { @MainActor in counted.open(at: at) }
        }
        try await waiting(for: "the find navigator's count of \"lake\"") { await counted.wait() }
        guard let matches = navigator.matchCount else { throw BenchError("the find navigator reported no count") }
        report("find", "count_ms", milliseconds(from: start, to: counted.openedAt!), "ms")
        report("find", "matches", Double(matches), "count")
        guard matches == expected else { throw BenchError("found \(matches) matches of \"lake\", not \(expected)") }
    }
}
