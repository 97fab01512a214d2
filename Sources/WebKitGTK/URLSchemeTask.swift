internal import CWebKitGTK
import Foundation
import FoundationNetworking
import GLibBridge

/// Serves one `WebKitURISchemeRequest` from a ``URLSchemeHandler``'s sequence.
///
/// The first element becomes the response, whose body is a pull stream: each time WebKit
/// wants more, the sequence is asked for exactly one more element. When WebKit abandons
/// the stream the iterating task is cancelled.
@MainActor
final class URLSchemeTask {
    private let request: GObjectReference
    private var stream: PullInputStream?
    private var task: Task<Void, Never>?
    private let demand = AsyncStream<Void>.makeStream()
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
        demand.continuation.finish()
    }

    private var schemeRequest: UnsafeMutablePointer<WebKitURISchemeRequest> { request.cast() }

    /// Bytes WebKit has read from the response body so far.
    var bytesRead: UInt64 { stream?.bytesRead ?? 0 }

    /// Reads the request (its body too) and starts answering it with `handler`.
    func start(with handler: any URLSchemeHandler) {
        task = Task { @MainActor in
            do {
                let urlRequest = try await makeURLRequest()
                try Task.checkCancellation()
                try await serve(handler.reply(for: urlRequest))
            } catch {
                fail(error)
            }
            demand.continuation.finish()
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
        var iterator = sequence.makeAsyncIterator()
        guard let first = try await iterator.next(isolation: #isolation) else { throw URLSchemeHandlerError.noResponse }
        guard case .response(let response) = first else { throw URLSchemeHandlerError.dataBeforeResponse }
        let stream = PullInputStream()
        self.stream = stream
        stream.onNeedData = { [demand] in demand.continuation.yield() }
        stream.onAbandoned = { [weak self] in
            self?.task?.cancel()
            self?.demand.continuation.finish()
        }
        respond(with: response, body: stream)
        for await _ in demand.stream {
            guard let next = try await iterator.next(isolation: #isolation) else {
                stream.finish()
                return
            }
            switch next {
            case .data(let data): stream.push(data)
            case .response: throw URLSchemeHandlerError.secondResponse
            }
        }
        // WebKit stopped reading: the iterator is dropped here, ending the handler's work.
    }

    private func respond(with response: URLResponse, body: PullInputStream) {
        let schemeResponse = webkit_uri_scheme_response_new(
            body.object!.cast(to: GInputStream.self), gint64(response.expectedContentLength))!
        defer { g_object_unref(schemeResponse) }
        if let mimeType = response.mimeType {
            // WebKit reads the body's charset from the content type, not from the headers.
            let charset = response.textEncodingName.map { "; charset=\($0)" } ?? ""
            webkit_uri_scheme_response_set_content_type(schemeResponse, mimeType + charset)
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
        urlRequest.httpMethod =
            String(optionalCString: webkit_uri_scheme_request_get_http_method(schemeRequest)) ?? "GET"
        if let headers = webkit_uri_scheme_request_get_http_headers(schemeRequest) {
            for (name, value) in SoupHeaders.fields(headers) { urlRequest.addValue(value, forHTTPHeaderField: name) }
        }
        if let body = webkit_uri_scheme_request_get_http_body(schemeRequest) {
            let stream = GObjectReference(adopting: OpaquePointer(body))
            urlRequest.httpBody = try await readAll(of: stream)
        }
        return urlRequest
    }
}
