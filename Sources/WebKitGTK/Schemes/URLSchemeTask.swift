internal import CWebKitGTK
import Foundation
import FoundationNetworking
import GLibBridge

/// Serves one `WebKitURISchemeRequest` from a ``URLSchemeHandler``'s sequence.
///
/// The first element becomes the response, whose body is a pull stream: the sequence is
/// asked for more while less than ``readAhead`` bytes wait in the stream, and past that
/// only when WebKit has read them all and wants more. When WebKit abandons the stream the
/// iterating task is cancelled. A ``Pacer`` holds the stream back while the
/// web process has not yet taken most of what WebKit read.
@MainActor
final class URLSchemeTask {
    private let request: GObjectReference
    private var stream: PullInputStream?
    private var task: Task<Void, Never>?
    private let demand = Demand()
    /// Bytes of a body asked for before WebKit asks, to spare a wait on the main loop.
    static let readAhead: UInt64 = 64 << 10
    private var responded = false
    /// Called once when the task ends, however it ends.
    var onEnd: (URLSchemeTask) -> Void = { _ in }

    /// The engine view whose page asked, to end the task with its page.
    let view: UInt?

    init(request: OpaquePointer, view: UInt?) {
        self.request = GObjectReference(retaining: request)
        self.view = view
    }

    /// Stops the handler's work: its page went away.
    func cancel() {
        task?.cancel()
        demand.finish()
    }

    private var schemeRequest: UnsafeMutablePointer<WebKitURISchemeRequest> { request.cast() }

    /// Bytes WebKit has read from the response body so far.
    var bytesRead: UInt64 { stream?.bytesRead ?? 0 }

    /// Reads the request (its body too) and starts answering it with `handler`.
    ///
    /// The handler starts at once, inside WebKit's callback, and runs there until it first
    /// waits, as a C handler answers inside the callback: a response the handler has ready
    /// does not wait for a turn of the main loop.
    func start(with handler: any URLSchemeHandler) {
        task = Task.immediate { @MainActor in
            do {
                let urlRequest = try await makeURLRequest()
                try Task.checkCancellation()
                try await serve(handler.reply(for: urlRequest))
            } catch {
                fail(error)
            }
            demand.finish()
            onEnd(self)
        }
    }

    /// Ends the request with an error, before any handler ran.
    func refuse(_ error: any Error) {
        fail(error)
        onEnd(self)
    }

    private func serve<S: AsyncSequence>(_ sequence: S) async throws
    where S.Element == URLSchemeTaskResult {
        // Apple's sample answers with an `AsyncThrowingStream`, whose own iterator would go
        // to a worker thread and back for each element, ready or not. A stream that makes
        // its elements in a closure keeps its own iterator, so the closure runs off the main
        // thread.
        if let stream = sequence as? AsyncThrowingStream<URLSchemeTaskResult, any Error>, stream.isBuffered {
            let results = ImmediateIterator(stream.makeAsyncIterator())
            try await serve { try await results.next() }
        } else {
            var iterator = sequence.makeAsyncIterator()
            try await serve { try await iterator.next(isolation: #isolation) }
        }
    }

    /// Answers with what `next` returns: the response, then the body's chunks.
    private func serve(next: () async throws -> URLSchemeTaskResult?) async throws {
        guard let first = try await next() else { throw URLSchemeHandlerError.noResponse }
        guard case .response(let response) = first else { throw URLSchemeHandlerError.dataBeforeResponse }
        let stream = PullInputStream()
        self.stream = stream
        stream.onNeedData = { [demand] in demand.signal() }
        stream.onAbandoned = { [weak self] in
            self?.task?.cancel()
            self?.demand.finish()
        }
        respond(with: response, body: stream)
        var pacer = Pacer()
        var pushed: UInt64 = 0
        while true {
            // Read ahead while little is buffered, so that a short body is whole before WebKit
            // first reads; past that, wait until WebKit has taken it all and asks for more.
            if pushed - stream.bytesRead >= Self.readAhead, !(await demand.next()) { break }
            try await pacer.pace(taken: stream.bytesRead, view: webView)
            guard let result = try await next() else {
                stream.finish()
                return
            }
            switch result {
            case .data(let data):
                demand.reset()
                stream.push(data)
                pushed += UInt64(data.count)
            case .response: throw URLSchemeHandlerError.secondResponse
            }
        }
        // WebKit stopped reading: the iterator is dropped as `serve(_:)` returns, ending the
        // handler's work.
    }

    /// The view whose page asked, while it exists.
    private var webView: UnsafeMutablePointer<WebKitWebView>? {
        webkit_uri_scheme_request_get_web_view(schemeRequest)
    }

    private func respond(with response: URLResponse, body: PullInputStream) {
        let schemeResponse = webkit_uri_scheme_response_new(
            body.object!.cast(to: GInputStream.self), gint64(response.expectedContentLength))!
        defer { g_object_unref(schemeResponse) }
        if let mimeType = response.mimeType {
            // WebKit reads the body's charset from the content type, not from the headers.
            // `if let`, not `Optional.map`, whose main-actor closure would check its isolation.
            var contentType = mimeType
            if let encoding = response.textEncodingName { contentType += "; charset=\(encoding)" }
            webkit_uri_scheme_response_set_content_type(schemeResponse, contentType)
        }
        let headers = soup_message_headers_new(SOUP_MESSAGE_HEADERS_RESPONSE)!
        if let http = response as? HTTPURLResponse {
            webkit_uri_scheme_response_set_status(
                schemeResponse, guint(http.statusCode), HTTPURLResponse.localizedString(forStatusCode: http.statusCode))
            for (name, value) in http.allHeaderFields {
                soup_message_headers_append(headers, "\(name)", "\(value)")
            }
        } else if let mimeType = response.mimeType, let encoding = response.textEncodingName {
            soup_message_headers_replace(headers, "Content-Type", "\(mimeType); charset=\(encoding)")
        }
        webkit_uri_scheme_response_set_http_headers(schemeResponse, headers)  // takes the headers
        webkit_uri_scheme_request_finish_with_response(schemeRequest, schemeResponse)
        body.handOver()
        responded = true
    }

    private func fail(_ error: any Error) {
        if let stream, responded {
            stream.fail(error)
            return
        }
        guard !responded else { return }
        responded = true
        let glibError =
            error as? GLibError
            ?? GLibError(
                domain: "WebKitURLSchemeHandler", code: 1, message: String(describing: error))
        let copy = glibError.copyGError()
        webkit_uri_scheme_request_finish_error(schemeRequest, copy)
        g_error_free(copy)
    }

    /// The request as Foundation sees it: URL, method, headers and the whole body.
    private func makeURLRequest() async throws -> URLRequest {
        let uri = String(optionalCString: webkit_uri_scheme_request_get_uri(schemeRequest)) ?? ""
        guard let url = URL(string: uri) else { throw WebPage.NavigationError.invalidURL }
        var urlRequest = URLRequest(url: url)
        // A request is a GET unless told otherwise; the setter's check of a method's case
        // (a compare against each method it knows) is left to the others.
        if let method = String(optionalCString: webkit_uri_scheme_request_get_http_method(schemeRequest)),
            method != "GET"
        {
            urlRequest.httpMethod = method
        }
        if let headers = webkit_uri_scheme_request_get_http_headers(schemeRequest) {
            let fields = RequestHeaderFields.merged(SoupHeaders.fields(headers))
            if !fields.isEmpty { urlRequest.allHTTPHeaderFields = fields }
        }
        if let body = webkit_uri_scheme_request_get_http_body(schemeRequest) {
            let stream = GObjectReference(adopting: OpaquePointer(body))
            urlRequest.httpBody = try await readAll(of: stream)
        }
        return urlRequest
    }
}

/// WebKit's requests for more of a response body (the stream's need-data callback),
/// waited for on the main actor.
@MainActor
final class Demand {
    private var isWanted = false
    private var isFinished = false
    private var waiter: CheckedContinuation<Bool, Never>?

    /// WebKit wants more: wakes the waiting ``next()``, or is kept for the next one.
    func signal() {
        guard !isFinished else { return }
        if let waiter {
            self.waiter = nil
            resumingOnMainActor { waiter.resume(returning: true) }
        } else {
            isWanted = true
        }
    }

    /// Data is on its way: a request kept from before has been answered.
    func reset() {
        isWanted = false
    }

    /// No more will be wanted: a waiting ``next()`` and every later one return false once
    /// a request already made is taken.
    func finish() {
        isFinished = true
        if let waiter {
            self.waiter = nil
            resumingOnMainActor { waiter.resume(returning: false) }
        }
    }

    /// Waits for WebKit's next request; true when it came, false once finished.
    func next() async -> Bool {
        if isWanted {
            isWanted = false
            return true
        }
        guard !isFinished else { return false }
        return await withCheckedContinuation { waiter = $0 }
    }
}

/// Keeps a response body from running far ahead of the web process.
///
/// WebKitGTK reads a scheme response in the UI process as fast as the stream answers, and
/// sends every 8 KiB it reads to the web process at once, in a message that nothing holds
/// back: what the page has not consumed yet queues in both processes. Messages to one web
/// process are handled in the order they were sent, so a round trip sent after some bytes
/// (an editing-command query, which runs nothing in the page) comes back only once the web
/// process has taken those bytes. The stream waits for such replies when more than
/// ``window`` bytes are unconfirmed.
@MainActor
struct Pacer {
    /// Bytes read by WebKit that may be in flight to the web process.
    static let window: UInt64 = 8 << 20
    /// Bytes between two round trips.
    static let step: UInt64 = 2 << 20

    private var marked: UInt64 = 0
    private var confirmed: UInt64 = 0
    private var roundTrips: [(mark: UInt64, reply: Task<Void, Never>)] = []

    /// Called before the stream asks for more, with the bytes WebKit has read so far.
    mutating func pace(taken: UInt64, view: UnsafeMutablePointer<WebKitWebView>?) async throws {
        guard let view else { return }
        if taken - marked >= Self.step {
            marked = taken
            let view = GObjectReference(retaining: OpaquePointer(view))
            roundTrips.append((taken, Task { @MainActor in await Self.roundTrip(view) }))
        }
        while taken - confirmed > Self.window, let oldest = roundTrips.first {
            await withTaskCancellationHandler {
                await oldest.reply.value
            } onCancel: {
                oldest.reply.cancel()
            }
            try Task.checkCancellation()
            confirmed = oldest.mark
            roundTrips.removeFirst()
        }
    }

    /// Waits for the web process to answer a query sent now; an error (the view or its
    /// web process went away, the wait was cancelled) counts as an answer.
    private static func roundTrip(_ view: GObjectReference) async {
        let pointer: UnsafeMutablePointer<WebKitWebView> = view.cast()
        _ = try? await gioCall { cancellable, callback, data in
            webkit_web_view_can_execute_editing_command(pointer, "Copy", cancellable, callback, data)
        } finish: { _, result in
            try GLibError.check { webkit_web_view_can_execute_editing_command_finish(pointer, result, $0) }
        }
    }
}
