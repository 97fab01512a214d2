// scheme-small: a page fetches small responses of a custom scheme one after another, and
// times them itself.
//
// The handler answers in two shapes, by path, and each is timed on its own:
// - `stream`: Apple's own sample's shape, an `AsyncThrowingStream`. Its iterator hops to
//   the global executor and back for every element (Swift 6.3's standard library), so each
//   response costs three round trips between threads that are the stream's, not the
//   library's.
// - `iterator`: an iterator of the handler's own with `next(isolation:)`, which runs on the
//   main actor: what is left is what the library costs.
import Foundation
import WebKitGTK

/// Answers `bench://host/index.html` with a tiny HTML document and every other URL with
/// 100 bytes of text: `/stream/…` from an `AsyncThrowingStream`, the rest from ``Items``.
struct SmallReplies: URLSchemeHandler {
    static let index = Data(
        "<!DOCTYPE html><html><head><title>Scheme</title></head><body><p>Scheme</p></body></html>".utf8)
    static let body = Data(repeating: UInt8(ascii: "x"), count: 100)

    /// A response and its body, in one of the two shapes.
    enum Reply: AsyncSequence {
        case stream(AsyncThrowingStream<URLSchemeTaskResult, any Error>)
        case items(Items)

        struct AsyncIterator: AsyncIteratorProtocol {
            var stream: AsyncThrowingStream<URLSchemeTaskResult, any Error>.AsyncIterator?
            var items: Items.AsyncIterator?

            mutating func next() async throws -> URLSchemeTaskResult? {
                try await next(isolation: nil)
            }

            mutating func next(isolation actor: isolated (any Actor)?) async throws -> URLSchemeTaskResult? {
                if stream != nil { return try await stream!.next(isolation: actor) }
                return items!.rest.popFirst()
            }
        }

        func makeAsyncIterator() -> AsyncIterator {
            switch self {
            case .stream(let stream): AsyncIterator(stream: stream.makeAsyncIterator())
            case .items(let items): AsyncIterator(items: items.makeAsyncIterator())
            }
        }
    }

    /// Elements known up front, handed out on the caller's actor with no suspension.
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

    func reply(for request: URLRequest) -> Reply {
        let url = request.url!
        let (mimeType, body) = url.path == "/index.html" ? ("text/html", Self.index) : ("text/plain", Self.body)
        let response = URLResponse(
            url: url, mimeType: mimeType, expectedContentLength: body.count, textEncodingName: "utf-8")
        guard url.path.hasPrefix("/stream/") else {
            return .items(Items(elements: [.response(response), .data(body)]))
        }
        return .stream(
            AsyncThrowingStream { continuation in
                continuation.yield(.response(response))
                continuation.yield(.data(body))
                continuation.finish()
            })
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
        for handler in ["stream", "iterator"] {
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
        }
        withExtendedLifetime(window) {}
    }
}
