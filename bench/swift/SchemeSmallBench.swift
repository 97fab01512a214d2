// scheme-small: a page fetches small responses of a custom scheme one after another, and
// times them itself.
import Foundation
import WebKitGTK

/// Answers `bench://host/index.html` with a tiny HTML document and every other URL with
/// 100 bytes of text.
struct SmallReplies: URLSchemeHandler {
    static let index = Data(
        "<!DOCTYPE html><html><head><title>Scheme</title></head><body><p>Scheme</p></body></html>".utf8)
    static let body = Data(repeating: UInt8(ascii: "x"), count: 100)

    /// One response, then its whole body as one chunk.
    struct Reply: AsyncSequence {
        let response: URLResponse
        let body: Data

        struct AsyncIterator: AsyncIteratorProtocol {
            let reply: Reply
            var step = 0

            mutating func next() async throws -> URLSchemeTaskResult? {
                defer { step += 1 }
                switch step {
                case 0: return .response(reply.response)
                case 1: return .data(reply.body)
                default: return nil
                }
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(reply: self) }
    }

    func reply(for request: URLRequest) -> Reply {
        let url = request.url!
        let (mimeType, body) = url.path == "/index.html" ? ("text/html", Self.index) : ("text/plain", Self.body)
        return Reply(
            response: URLResponse(
                url: url, mimeType: mimeType, expectedContentLength: body.count, textEncodingName: "utf-8"),
            body: body)
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
