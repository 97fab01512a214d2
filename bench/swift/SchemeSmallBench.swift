// scheme-small: a page fetches small responses of a custom scheme one after another, and
// times them itself.
import Foundation
import WebKitGTK

/// Answers `bench://host/index.html` with a tiny HTML document and every other URL with
/// 100 bytes of text, as Apple's own sample answers: a response and the whole body, from an
/// `AsyncThrowingStream` (whose iterator runs on the caller's actor).
struct SmallReplies: URLSchemeHandler {
    static let index = Data(
        "<!DOCTYPE html><html><head><title>Scheme</title></head><body><p>Scheme</p></body></html>".utf8)
    static let body = Data(repeating: UInt8(ascii: "x"), count: 100)

    func reply(for request: URLRequest) -> AsyncThrowingStream<URLSchemeTaskResult, any Error> {
        AsyncThrowingStream { continuation in
            let url = request.url!
            let (mimeType, body) = url.path == "/index.html" ? ("text/html", Self.index) : ("text/plain", Self.body)
            let response = URLResponse(
                url: url, mimeType: mimeType, expectedContentLength: body.count, textEncodingName: "utf-8")
            continuation.yield(.response(response))
            continuation.yield(.data(body))
            continuation.finish()
        }
    }
}

enum SchemeSmallBench {
    @MainActor
    static func run(_ options: Options) async throws {
        let count = options.quick ? 20 : 500
        var configuration = WebPage.Configuration()
        configuration.urlSchemeHandlers[URLScheme("bench")!] = SmallReplies()
        let page = WebPage(configuration: configuration)
        let window = showInWindow(page)
        try await load(URL(string: "bench://host/index.html")!, in: page, what: "bench://host/index.html to load")
        let total = try await waiting(for: "\(count) fetches of bench://host/small/") {
            try await page.callJavaScript(
                """
                const start = performance.now();
                for (let i = 0; i < count; i++) {
                    const text = await (await fetch('bench://host/small/' + i)).text();
                    if (text.length !== 100) throw new Error(`response ${i} has ${text.length} bytes, not 100`);
                }
                return performance.now() - start;
                """, arguments: ["count": count], as: Double.self)
        }
        report("scheme-small", "mean_latency_ms", total / Double(count), "ms")
        withExtendedLifetime(window) {}
    }
}
