// scheme-small: a page fetches small responses of a custom scheme one after another, and
// times them itself.
//
// The handler answers in two shapes, each timed in a page of its own:
// - `stream`: Apple's own sample's shape, an `AsyncThrowingStream`, returned as it is.
// - `iterator`: an iterator of the handler's own with `next(isolation:)`, which runs on the
//   main actor.
import Foundation
import WebKitGTK

/// What both handlers answer: `bench://host/index.html` with a tiny HTML document, and every
/// other URL with 100 bytes of text.
enum SmallReply {
    static let index = Data(
        "<!DOCTYPE html><html><head><title>Scheme</title></head><body><p>Scheme</p></body></html>".utf8)
    static let body = Data(repeating: UInt8(ascii: "x"), count: 100)

    /// The response and body for `request`.
    static func parts(for request: URLRequest) -> (URLResponse, Data) {
        let url = request.url!
        let (mimeType, body) = url.path == "/index.html" ? ("text/html", index) : ("text/plain", body)
        return (
            URLResponse(url: url, mimeType: mimeType, expectedContentLength: body.count, textEncodingName: "utf-8"),
            body
        )
    }
}

/// Answers as Apple's sample does, with an `AsyncThrowingStream`.
struct StreamReplies: URLSchemeHandler {
    func reply(for request: URLRequest) -> AsyncThrowingStream<URLSchemeTaskResult, any Error> {
        let (response, body) = SmallReply.parts(for: request)
        return AsyncThrowingStream { continuation in
            continuation.yield(.response(response))
            continuation.yield(.data(body))
            continuation.finish()
        }
    }
}

/// Answers with elements known up front, handed out on the caller's actor with no suspension.
struct ItemReplies: URLSchemeHandler {
    struct Items: AsyncSequence {
        let elements: [URLSchemeTaskResult]

        struct AsyncIterator: AsyncIteratorProtocol {
            var rest: ArraySlice<URLSchemeTaskResult>

            mutating func next() -> URLSchemeTaskResult? { rest.popFirst() }

            mutating func next(isolation actor: isolated (any Actor)?) async throws -> URLSchemeTaskResult? {
                rest.popFirst()
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rest: elements[...]) }
    }

    func reply(for request: URLRequest) -> Items {
        let (response, body) = SmallReply.parts(for: request)
        return Items(elements: [.response(response), .data(body)])
    }
}

enum SchemeSmallBench {
    @MainActor
    static func run(_ options: Options) async throws {
        let count = options.quick ? 20 : 500
        let handlers: [(String, any URLSchemeHandler)] = [("stream", StreamReplies()), ("iterator", ItemReplies())]
        for (handler, replies) in handlers {
            var configuration = WebPage.Configuration()
            configuration.urlSchemeHandlers[URLScheme("bench")!] = replies
            let page = WebPage(configuration: configuration)
            let window = showInWindow(page)
            try await load(URL(string: "bench://host/index.html")!, in: page, what: "bench://host/index.html to load")
            let total = try await waiting(for: "\(count) fetches of bench://host/\(handler)/") {
                try await page.callJavaScript(
                    """
                    const start = performance.now();
                    for (let i = 0; i < count; i++) {
                        const text = await (await fetch(`bench://host/${handler}/${i}`)).text();
                        if (text.length !== 100) throw new Error(`response ${i} has ${text.length} bytes, not 100`);
                    }
                    return performance.now() - start;
                    """, arguments: ["count": count, "handler": handler], as: Double.self)
            }
            report(
                "scheme-small", "mean_latency_ms", total / Double(count), "ms", extra: [("handler", "\"\(handler)\"")])
            window.close()
            page.close()
        }
    }
}
