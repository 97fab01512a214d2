import Foundation
import FoundationNetworking
import Testing

@testable import WebKitGTK

/// A scheme handler's request carries its headers as Foundation's own `addValue` would
/// have left them, field after field.
@Suite
struct RequestHeaderFieldsTests {
    /// What `addValue`, called for each field in order, leaves.
    private func byAddValue(_ fields: [(name: String, value: String)]) -> [String: String] {
        var request = URLRequest(url: URL(string: "lakes://articles/tahoe")!)
        for (name, value) in fields { request.addValue(value, forHTTPHeaderField: name) }
        return request.allHTTPHeaderFields ?? [:]
    }

    @Test(
        arguments: [
            // What WebKit sends for a fetch.
            [
                ("Accept", "*/*"), ("Referer", "lakes://articles/tahoe"), ("Origin", "lakes://articles"),
                ("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko)"),
                ("Sec-Fetch-Dest", "empty"), ("sec-ch-ua-mobile", "?0"),
            ],
            // Names equal but for case, joined in order; names as Foundation capitalizes them.
            [("accept", "text/html"), ("ACCEPT", "*/*"), ("Accept", ""), ("x-lakes-test", "1"), ("X-LAKES-TEST", "2")],
            [("a1b", "x"), ("foo_bar", "y"), ("x.y", "z"), ("9abc", "w"), ("é-x", "v"), ("ß-x", "u"), ("DNT", "1")],
            // Values Foundation refuses, and the folded line it keeps.
            [
                ("X-A", "a\nb"), ("X-B", "a\rb"), ("X-C", "a\u{0}b"), ("X-D", "a\r\n b"), ("X-E", "a\r\n"),
                ("X-F", " \t "),
            ],
            // A refused value does not stop a later one of the same name.
            [("X-A", "bad\r\nvalue"), ("x-a", "good"), ("X-A", "also\u{7F}good é")],
            [],
        ] as [[(String, String)]])
    func fieldsAreThoseAddValueLeaves(_ fields: [(String, String)]) {
        let labelled = fields.map { (name: $0.0, value: $0.1) }
        #expect(RequestHeaderFields.merged(labelled) == byAddValue(labelled))
        // Again, with every name already known.
        #expect(RequestHeaderFields.merged(labelled) == byAddValue(labelled))
    }
}
