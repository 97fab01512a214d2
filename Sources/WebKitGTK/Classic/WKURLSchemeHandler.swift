import Foundation
import GLibBridge

/// Answers the requests of a URL scheme of the app's own: Apple's `WKURLSchemeHandler`.
///
///     final class ArticleHandler: NSObject, WKURLSchemeHandler {
///         func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask) {
///             let html = Data("<h1>Tahoe</h1>".utf8)
///             urlSchemeTask.didReceive(URLResponse(
///                 url: urlSchemeTask.request.url!, mimeType: "text/html",
///                 expectedContentLength: html.count, textEncodingName: "utf-8"))
///             urlSchemeTask.didReceive(html)
///             urlSchemeTask.didFinish()
///         }
///         func webView(_ webView: WKWebView, stop urlSchemeTask: any WKURLSchemeTask) {}
///     }
///     configuration.setURLSchemeHandler(ArticleHandler(), forURLScheme: "lakes")
///
/// Register it with ``WKWebViewConfiguration/setURLSchemeHandler(_:forURLScheme:)``. A
/// handler is the ``URLSchemeHandler`` of the web view's page, answered through its task:
/// what the task is handed goes to WebKit as it comes, so a handler that sends a large
/// body a chunk at a time keeps no more than the chunks WebKit has yet to read.
@MainActor
public protocol WKURLSchemeHandler: NSObjectProtocol {
    /// Starts answering a request: call the task's `didReceive` with a response, then with
    /// the body in one or more pieces, then `didFinish()`; or `didFailWithError(_:)`. The
    /// task may be answered later, from a task or a callback, on the main actor.
    func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask)

    /// The web view no longer reads the answer: stop working on it. What the task is
    /// handed after this is logged and dropped.
    ///
    /// WebKitGTK says so once it has the response and abandons the body (the load was
    /// stopped or superseded while the body came, or the page went). A request still
    /// waiting for its response when its load is stopped is not told: WebKitGTK gives no
    /// word of it, and what the task is handed then goes nowhere.
    func webView(_ webView: WKWebView, stop urlSchemeTask: any WKURLSchemeTask)
}

/// One request to a ``WKURLSchemeHandler``, and the way to answer it: Apple's
/// `WKURLSchemeTask`.
///
/// Apple's WebKit raises an exception when a task is answered out of order (data before a
/// response, anything after `didFinish`, anything after the handler was told to stop).
/// Here such a call is logged and dropped, and the request goes on as it stood: a task
/// answered out of order before it finished fails its load with the reason.
@MainActor
public protocol WKURLSchemeTask: NSObjectProtocol {
    /// The request, with its URL, method, header fields and body.
    var request: URLRequest { get }
    /// Sends the response: its MIME type, encoding and length, and for an `HTTPURLResponse`
    /// its status code and header fields. Call it once, first.
    func didReceive(_ response: URLResponse)
    /// Sends a piece of the body, after the response.
    func didReceive(_ data: Data)
    /// Ends the body: the load completes.
    func didFinish()
    /// Fails the load with `error`, which reaches the navigation delegate as the load's error.
    func didFailWithError(_ error: any Error)
}

/// A request answered by a classic handler, as the engine's scheme streaming reads it.
@MainActor
final class SchemeTask: NSObject, WKURLSchemeTask {
    let request: URLRequest
    private var continuation: AsyncThrowingStream<URLSchemeTaskResult, any Error>.Continuation?
    private var hasResponse = false
    private var isStopped = false
    /// Who answers the task, told when the engine no longer reads it.
    private let handler: any WKURLSchemeHandler
    private weak var webView: WKWebView?

    init(
        request: URLRequest, continuation: AsyncThrowingStream<URLSchemeTaskResult, any Error>.Continuation,
        handler: any WKURLSchemeHandler, webView: WKWebView
    ) {
        self.request = request
        self.continuation = continuation
        self.handler = handler
        self.webView = webView
        super.init()
    }

    func didReceive(_ response: URLResponse) {
        guard let continuation = accept("didReceive(_:) with a response") else { return }
        guard !hasResponse else { return refuse("didReceive(_:) with a second response", .secondResponse) }
        hasResponse = true
        continuation.yield(.response(response))
    }

    func didReceive(_ data: Data) {
        guard let continuation = accept("didReceive(_:) with data") else { return }
        guard hasResponse else { return refuse("didReceive(_:) with data before a response", .dataBeforeResponse) }
        continuation.yield(.data(data))
    }

    func didFinish() {
        guard let continuation = accept("didFinish()") else { return }
        guard hasResponse else { return refuse("didFinish() before a response", .noResponse) }
        continuation.finish()
        self.continuation = nil
    }

    func didFailWithError(_ error: any Error) {
        guard let continuation = accept("didFailWithError(_:)") else { return }
        continuation.finish(throwing: error)
        self.continuation = nil
    }

    /// The engine no longer reads the answer: the handler is told to stop, unless the
    /// task already ended.
    func stop() {
        guard continuation != nil else { return }
        isStopped = true
        continuation = nil
        if let webView { handler.webView(webView, stop: self) }
    }

    /// The task's stream, while the call may still add to it; nil, logged, after the task
    /// finished, failed or was stopped.
    private func accept(_ call: String) -> AsyncThrowingStream<URLSchemeTaskResult, any Error>.Continuation? {
        if let continuation { return continuation }
        let state = isStopped ? "after the handler was told to stop" : "after the task finished"
        Log.library.warning("WKURLSchemeTask for \(request.url?.absoluteString ?? "?"): \(call) \(state); dropped")
        return nil
    }

    /// Fails the load: the handler answered out of order.
    private func refuse(_ call: String, _ error: URLSchemeHandlerError) {
        Log.library.warning("WKURLSchemeTask for \(request.url?.absoluteString ?? "?"): \(call); the load fails")
        continuation?.finish(throwing: error)
        continuation = nil
    }
}

/// A classic handler as the page's ``URLSchemeHandler``: each request becomes a
/// ``SchemeTask`` whose calls stream to the engine.
struct SchemeHandlerAdapter: URLSchemeHandler {
    let handler: any WKURLSchemeHandler
    let link: WebViewLink

    func reply(for request: URLRequest) -> AsyncThrowingStream<URLSchemeTaskResult, any Error> {
        let (stream, continuation) = AsyncThrowingStream<URLSchemeTaskResult, any Error>.makeStream()
        let parts = UncheckedSendable((request, continuation, handler, link))
        MainActor.assumeIsolated {
            let (request, continuation, handler, link) = parts.value
            guard let webView = link.webView else {
                continuation.finish(throwing: WKError(.webViewInvalidated))
                return
            }
            let task = SchemeTask(request: request, continuation: continuation, handler: handler, webView: webView)
            continuation.onTermination = { termination in
                guard case .cancelled = termination else { return }
                onMainActor { task.stop() }
            }
            handler.webView(webView, start: task)
        }
        return stream
    }
}
