import Foundation
import FoundationNetworking
import Synchronization

@testable import WebKitGTK

/// Answers every request with a fixed list of results, in order.
struct FixedHandler: URLSchemeHandler {
    var results: @Sendable (URLRequest) -> [URLSchemeTaskResult]

    func reply(for request: URLRequest) -> AsyncThrowingStream<URLSchemeTaskResult, any Error> {
        let results = results(request)
        return AsyncThrowingStream { continuation in
            for result in results { continuation.yield(result) }
            continuation.finish()
        }
    }

    /// An HTML response with `chunks` as its body.
    static func html(_ chunks: [String]) -> FixedHandler {
        FixedHandler { request in
            [.response(okResponse(request.url!, mimeType: "text/html"))] + chunks.map { .data(Data($0.utf8)) }
        }
    }
}

func okResponse(_ url: URL, mimeType: String, length: Int = -1, headers: [String: String] = [:]) -> URLResponse {
    var fields = headers
    fields["Content-Type"] = mimeType
    if length >= 0 { fields["Content-Length"] = String(length) }
    return HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: fields)!
}

/// Records what happens to one handler's work, from any thread.
final class HandlerProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var _chunksSent = 0
    private var _cancelled = false
    private var _requests: [URLRequest] = []

    var chunksSent: Int { lock.withLock { _chunksSent } }
    var cancelled: Bool { lock.withLock { _cancelled } }
    var requests: [URLRequest] { lock.withLock { _requests } }

    private var _ended = false
    /// Whether the handler's iterator was released (its consumer stopped iterating).
    var ended: Bool { lock.withLock { _ended } }
    func end(cancelled: Bool) {
        lock.withLock {
            _ended = true
            if cancelled { _cancelled = true }
        }
    }

    /// Records how a stream ended, from its `onTermination`.
    func end<Element>(_ termination: AsyncThrowingStream<Element, any Error>.Continuation.Termination) {
        if case .cancelled = termination { end(cancelled: true) } else { end(cancelled: false) }
    }

    func sent() { lock.withLock { _chunksSent += 1 } }
    func sawCancellation() { lock.withLock { _cancelled = true } }
    func received(_ request: URLRequest) { lock.withLock { _requests.append(request) } }
}

/// Streams 4 KiB chunks of text forever, one every 5 ms, through an `AsyncThrowingStream`
/// that a task of its own fills, as a handler shaped like Apple's sample would; the probe
/// hears when the stream ends and whether it was cancelled.
struct EndlessStreamHandler: URLSchemeHandler {
    var probe = HandlerProbe()

    func reply(for request: URLRequest) -> AsyncThrowingStream<URLSchemeTaskResult, any Error> {
        let probe = self.probe
        let response = okResponse(request.url!, mimeType: "text/plain")
        return AsyncThrowingStream { continuation in
            continuation.yield(.response(response))
            let producer = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(5))
                    guard case .enqueued = continuation.yield(.data(Data(repeating: 120, count: 4096))) else { return }
                    probe.sent()
                }
            }
            continuation.onTermination = { termination in
                producer.cancel()
                probe.end(termination)
            }
        }
    }
}

/// Answers with a short text made, chunk by chunk, in an `AsyncThrowingStream(unfolding:)`
/// closure, and records whether that closure ever ran on the main thread.
struct UnfoldingHandler: URLSchemeHandler {
    var probe = ThreadProbe()

    final class ThreadProbe: @unchecked Sendable {
        private let lock = NSLock()
        private var _calls = 0
        private var _onMainThread = 0
        var calls: Int { lock.withLock { _calls } }
        var onMainThread: Int { lock.withLock { _onMainThread } }
        func called() {
            let main = Thread.isMainThread
            lock.withLock {
                _calls += 1
                if main { _onMainThread += 1 }
            }
        }
    }

    func reply(for request: URLRequest) -> AsyncThrowingStream<URLSchemeTaskResult, any Error> {
        let probe = self.probe
        let url = request.url!
        let parts = ["<title>Unfolded</title>", "<p>one</p>", "<p>two</p>"]
        let next = Mutex(0)
        return AsyncThrowingStream(unfolding: {
            probe.called()
            let index = next.withLock { index in
                defer { index += 1 }
                return index
            }
            if index == 0 { return .response(okResponse(url, mimeType: "text/html")) }
            return index <= parts.count ? .data(Data(parts[index - 1].utf8)) : nil
        })
    }
}

/// Streams `count` chunks of `size` bytes, each made only when asked for; forever when
/// `count` is nil, a chunk every `interval`.
struct GeneratedHandler: URLSchemeHandler {
    var chunkSize = 1 << 20
    var count: Int?
    var interval: Duration = .zero
    var mimeType = "application/octet-stream"
    var probe = HandlerProbe()

    struct Chunks: AsyncSequence {
        let handler: GeneratedHandler
        let url: URL

        struct AsyncIterator: AsyncIteratorProtocol {
            let handler: GeneratedHandler
            let url: URL
            var sentResponse = false
            var produced = 0
            private let lifetime: Lifetime

            init(handler: GeneratedHandler, url: URL) {
                self.handler = handler
                self.url = url
                lifetime = Lifetime(probe: handler.probe)
            }

            /// Tells the probe when the iterator goes, and whether its task was cancelled then.
            final class Lifetime: Sendable {
                let probe: HandlerProbe
                init(probe: HandlerProbe) { self.probe = probe }
                deinit { probe.end(cancelled: Task.isCancelled) }
            }

            mutating func next() async throws -> URLSchemeTaskResult? {
                if !sentResponse {
                    sentResponse = true
                    let length = handler.count.map { $0 * handler.chunkSize } ?? -1
                    return .response(okResponse(url, mimeType: handler.mimeType, length: length))
                }
                if let count = handler.count, produced >= count { return nil }
                do {
                    if handler.interval > .zero { try await Task.sleep(for: handler.interval) }
                    try Task.checkCancellation()
                } catch {
                    handler.probe.sawCancellation()
                    throw error
                }
                produced += 1
                handler.probe.sent()
                return .data(Data(repeating: UInt8(truncatingIfNeeded: produced), count: handler.chunkSize))
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(handler: handler, url: url) }
    }

    func reply(for request: URLRequest) -> Chunks { Chunks(handler: self, url: request.url!) }
}

/// Throws `error`, before or after a response.
struct FailingHandler: URLSchemeHandler {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "the handler failed on purpose" }
    }
    var afterResponse: Bool

    func reply(for request: URLRequest) -> AsyncThrowingStream<URLSchemeTaskResult, any Error> {
        AsyncThrowingStream { continuation in
            if afterResponse {
                continuation.yield(.response(okResponse(request.url!, mimeType: "text/html")))
                continuation.yield(.data(Data("<p>partial".utf8)))
            }
            continuation.finish(throwing: Failure())
        }
    }
}

/// Echoes the request's method, one header and its body as JSON.
struct EchoHandler: URLSchemeHandler {
    var probe = HandlerProbe()

    func reply(for request: URLRequest) -> AsyncThrowingStream<URLSchemeTaskResult, any Error> {
        probe.received(request)
        let echo: [String: String] = [
            "method": request.httpMethod ?? "",
            "header": request.value(forHTTPHeaderField: "X-Lakes-Test") ?? "",
            "body": String(decoding: request.httpBody ?? Data(), as: UTF8.self),
        ]
        let body = try! JSONSerialization.data(withJSONObject: echo, options: [.sortedKeys])
        return AsyncThrowingStream { continuation in
            continuation.yield(
                .response(
                    okResponse(
                        request.url!, mimeType: "application/json", length: body.count,
                        headers: ["Access-Control-Allow-Origin": "*"])))
            continuation.yield(.data(body))
            continuation.finish()
        }
    }
}

/// The resident memory of this process, in bytes.
func residentMemory() -> Int { processStatus("VmRSS") }

/// The resident anonymous memory of this process (its heaps and stacks, no mapped files),
/// in bytes.
func anonymousMemory() -> Int { processStatus("RssAnon") }

/// A field of `/proc/self/status` given in kB, in bytes; 0 if it is missing.
private func processStatus(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
    else { return 0 }
    return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
}

/// Takes requests and never answers them, until its consumer goes away.
struct FixedHandlerNeverResponding: URLSchemeHandler {
    let probe: HandlerProbe

    func reply(for request: URLRequest) -> AsyncThrowingStream<URLSchemeTaskResult, any Error> {
        probe.received(request)
        let probe = self.probe
        return AsyncThrowingStream { continuation in
            continuation.onTermination = { termination in
                probe.end(termination)
            }
        }
    }
}
