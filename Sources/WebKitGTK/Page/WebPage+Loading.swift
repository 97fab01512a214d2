internal import CWebKitGTK
import Foundation
import FoundationNetworking
import GLibBridge

extension WebPage {
    /// Loads a URL and returns the events of that navigation.
    ///
    ///     for try await event in page.load(URL(string: "lakes://articles/tahoe")) {
    ///         if event == .committed { showSpinner = false }
    ///     }
    ///
    /// The load starts at once, whether or not the sequence is iterated. Cancelling the
    /// task that iterates it stops the load. A newer load, or ``stopLoading()``, ends the
    /// sequence early without an error.
    ///
    /// The page hands the request to the engine (`webkit_web_view_load_request`), and its
    /// ``NavigationDeciding`` decides it as it decides every navigation.
    ///
    /// - Parameter url: An absolute URL. Nil or a relative URL makes the sequence throw
    ///   ``NavigationError/invalidURL``.
    /// - Returns: The navigation's events, ending after `finished`.
    /// - Throws (from the sequence): ``NavigationError/failedProvisionalNavigation(_:)``
    ///   when it fails before commit, the engine's error when it fails after,
    ///   ``NavigationError/webContentProcessTerminated`` and ``NavigationError/pageClosed``.
    @discardableResult
    public func load(_ url: URL?) -> some AsyncSequence<NavigationEvent, any Error> & Sendable {
        startLoad(url)
    }

    /// ``load(_:)-(URL?)``, returning the sequence with its navigation's identity.
    func startLoad(_ url: URL?) -> NavigationEvents {
        guard let url else { return tracker.refuse(NavigationError.invalidURL) }
        return startLoad(URLRequest(url: url))
    }

    /// Loads a request, with its HTTP header fields, and returns the events of that navigation.
    ///
    ///     var request = URLRequest(url: URL(string: "https://example.org/feed")!)
    ///     request.setValue("en", forHTTPHeaderField: "Accept-Language")
    ///     page.load(request)
    ///
    /// WebKitGTK loads top-level documents with GET only: a request with another method
    /// or with a body fails with ``NavigationError/failedProvisionalNavigation(_:)``
    /// carrying ``UnsupportedRequestError``. The request's cache policy and timeout are not
    /// applied. `webkit_web_view_load_request`, with the fields set on its
    /// `SoupMessageHeaders`.
    ///
    /// - Parameter request: The request; its URL must be absolute.
    /// - Returns: The navigation's events, as ``load(_:)-(URL?)`` describes.
    ///   The sequence throws as that one does.
    @discardableResult
    public func load(_ request: URLRequest) -> some AsyncSequence<NavigationEvent, any Error> & Sendable {
        startLoad(request)
    }

    /// ``load(_:)-(URLRequest)``, returning the sequence with its navigation's identity.
    func startLoad(_ request: URLRequest) -> NavigationEvents {
        guard let url = request.url, url.scheme != nil else { return tracker.refuse(NavigationError.invalidURL) }
        let method = request.httpMethod?.uppercased() ?? "GET"
        guard method == "GET", request.httpBody == nil else {
            return tracker.refuse(
                NavigationError.failedProvisionalNavigation(UnsupportedRequestError(method: method)))
        }
        let stream = tracker.begin(
            .request(url), url: url.absoluteString, sameDocument: isSameDocument(url, as: self.url))
        if !tracker.isClosed { loadInEngine(request) }
        return stream
    }

    /// Whether going to `url` only moves to a fragment of the document at `current`.
    private func isSameDocument(_ url: URL, as current: URL?) -> Bool {
        guard let current, url.fragment != nil else { return false }
        var target = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var shown = URLComponents(url: current, resolvingAgainstBaseURL: false)
        target?.fragment = nil
        shown?.fragment = nil
        return target?.url.map { NavigationTracker.key($0.absoluteString) }
            == shown?.url.map { NavigationTracker.key($0.absoluteString) }
    }

    /// Hands a GET request, with its header fields, to the engine.
    func loadInEngine(_ request: URLRequest) {
        guard let url = request.url, let uriRequest = webkit_uri_request_new(url.absoluteString) else { return }
        defer { g_object_unref(uriRequest) }
        if let fields = request.allHTTPHeaderFields, !fields.isEmpty,
            let headers = webkit_uri_request_get_http_headers(uriRequest)
        {
            for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
                soup_message_headers_replace(headers, name, value)
            }
        }
        webkit_web_view_load_request(webView, uriRequest)
    }

    /// Loads an HTML string and returns the events of that navigation.
    ///
    ///     page.load(html: "<h1>Offline</h1>", baseURL: URL(string: "lakes://articles/"))
    ///
    /// WebKitGTK's `webkit_web_view_load_html`.
    ///
    /// - Parameters:
    ///   - html: The document's source.
    ///   - baseURL: The URL relative links resolve against and the document's origin.
    ///     Default: nil, which loads the document as `about:blank`.
    /// - Returns: The navigation's events, as ``load(_:)-(URL?)`` describes.
    @discardableResult
    public func load(html: String, baseURL: URL? = nil) -> some AsyncSequence<NavigationEvent, any Error> & Sendable {
        startLoad(html: html, baseURL: baseURL)
    }

    /// ``load(html:baseURL:)``, returning the sequence with its navigation's identity.
    func startLoad(html: String, baseURL: URL? = nil) -> NavigationEvents {
        let base = baseURL?.absoluteString
        let stream = tracker.begin(.content, url: base ?? "about:blank")
        if !tracker.isClosed { webkit_web_view_load_html(webView, html, base) }
        return stream
    }

    /// Loads bytes of a given MIME type and returns the events of that navigation.
    ///
    ///     page.load(svgData, mimeType: "image/svg+xml")
    ///
    /// WebKitGTK's `webkit_web_view_load_bytes`.
    ///
    /// - Parameters:
    ///   - data: The content; it is copied.
    ///   - mimeType: Its MIME type, for example `"text/html"` or `"image/svg+xml"`.
    ///   - characterEncoding: The encoding of text content. Default: UTF-8.
    ///   - baseURL: The URL relative links resolve against. Default: nil, `about:blank`.
    /// - Returns: The navigation's events, as ``load(_:)-(URL?)`` describes.
    @discardableResult
    public func load(
        _ data: Data, mimeType: String, characterEncoding: String.Encoding = .utf8, baseURL: URL? = nil
    ) -> some AsyncSequence<NavigationEvent, any Error> & Sendable {
        startLoad(data, mimeType: mimeType, characterEncoding: characterEncoding, baseURL: baseURL)
    }

    /// ``load(_:mimeType:characterEncoding:baseURL:)``, returning the sequence with its
    /// navigation's identity.
    func startLoad(_ data: Data, mimeType: String, characterEncoding: String.Encoding, baseURL: URL?)
        -> NavigationEvents
    {
        let base = baseURL?.absoluteString
        let stream = tracker.begin(.content, url: base ?? "about:blank")
        guard !tracker.isClosed else { return stream }
        let bytes = makeGBytes(copying: data)
        defer { g_bytes_unref(bytes) }
        webkit_web_view_load_bytes(webView, bytes, mimeType, characterEncoding.ianaName, base)
        return stream
    }

    /// Shows HTML as if it were the response to `request`, and returns the events of that
    /// navigation.
    ///
    ///     page.load(simulatedRequest: URLRequest(url: offlineURL), responseHTML: savedCopy)
    ///
    /// The page's URL becomes the request's, relative links resolve against it, and the
    /// document gets its origin; nothing is fetched, and the decider is not asked (as for a
    /// response already received). WebKitGTK's `webkit_web_view_load_alternate_html`.
    ///
    /// - Parameters:
    ///   - request: The request the HTML answers; its URL must be absolute, or the sequence
    ///     throws ``NavigationError/invalidURL``.
    ///   - responseHTML: The document's source.
    /// - Returns: The navigation's events, as ``load(_:)-(URL?)`` describes.
    @discardableResult
    public func load(simulatedRequest request: URLRequest, responseHTML: String) -> some AsyncSequence<
        NavigationEvent, any Error
    > & Sendable {
        startLoad(simulatedRequest: request, responseHTML: responseHTML)
    }

    /// ``load(simulatedRequest:responseHTML:)``, returning the sequence with its navigation's
    /// identity.
    func startLoad(simulatedRequest request: URLRequest, responseHTML: String) -> NavigationEvents {
        guard let url = request.url, url.scheme != nil else { return tracker.refuse(NavigationError.invalidURL) }
        let stream = tracker.begin(.content, url: url.absoluteString)
        if !tracker.isClosed {
            whenConfigured { [webView] in
                webkit_web_view_load_alternate_html(webView, responseHTML, url.absoluteString, url.absoluteString)
            }
        }
        return stream
    }

    /// Shows bytes as if they were `response` to `request`, and returns the events of that
    /// navigation.
    ///
    /// The response's MIME type (default `text/html`) and text encoding name (default
    /// UTF-8) say how the bytes are read; the page's URL becomes the request's. WebKitGTK
    /// shows the bytes without an HTTP exchange, so the response's status code and header
    /// fields do not reach the document. `webkit_web_view_load_bytes`.
    ///
    /// - Parameters:
    ///   - request: The request the bytes answer; its URL must be absolute, or the sequence
    ///     throws ``NavigationError/invalidURL``.
    ///   - response: The response, for its MIME type and text encoding.
    ///   - responseData: The content; it is copied.
    /// - Returns: The navigation's events, as ``load(_:)-(URL?)`` describes.
    @discardableResult
    public func load(simulatedRequest request: URLRequest, response: URLResponse, responseData: Data)
        -> some AsyncSequence<NavigationEvent, any Error> & Sendable
    {
        startLoad(simulatedRequest: request, response: response, responseData: responseData)
    }

    /// ``load(simulatedRequest:response:responseData:)``, returning the sequence with its
    /// navigation's identity.
    func startLoad(simulatedRequest request: URLRequest, response: URLResponse, responseData: Data)
        -> NavigationEvents
    {
        guard let url = request.url, url.scheme != nil else { return tracker.refuse(NavigationError.invalidURL) }
        let stream = tracker.begin(.content, url: url.absoluteString)
        guard !tracker.isClosed else { return stream }
        let bytes = makeGBytes(copying: responseData)
        defer { g_bytes_unref(bytes) }
        webkit_web_view_load_bytes(
            webView, bytes, response.mimeType ?? "text/html", response.textEncodingName ?? "UTF-8", url.absoluteString)
        return stream
    }

    /// Goes to an item of the back/forward list and returns the events of that navigation.
    ///
    ///     if let previous = page.backForwardList.backList.last { page.load(previous) }
    ///
    /// WebKitGTK's `webkit_web_view_go_to_back_forward_list_item`.
    ///
    /// - Parameter item: An item of this page's ``backForwardList``.
    /// - Returns: The navigation's events, as ``load(_:)-(URL?)`` describes.
    @discardableResult
    public func load(_ item: BackForwardList.Item) -> some AsyncSequence<NavigationEvent, any Error> & Sendable {
        startLoad(item)
    }

    /// ``load(_:)-(WebPage.BackForwardList.Item)``, returning the sequence with its
    /// navigation's identity.
    func startLoad(_ item: BackForwardList.Item, as cause: NavigationCause = .backForward) -> NavigationEvents {
        go(to: item.handle.cast(), url: item.url.absoluteString, as: cause)
    }

    private func go(
        to item: UnsafeMutablePointer<WebKitBackForwardListItem>, url: String?, as cause: NavigationCause
    ) -> NavigationEvents {
        let stream = tracker.begin(cause, url: url)
        if !tracker.isClosed { webkit_web_view_go_to_back_forward_list_item(webView, item) }
        return stream
    }

    /// Goes one page back, if there is one: the last item of the back list.
    ///
    /// An addition of this library, as ``load(_:)-(WebPage.BackForwardList.Item)`` with that item.
    ///
    /// - Returns: The navigation's events; an empty sequence when there is no page to go
    ///   back to (``canGoBack`` is false).
    @discardableResult
    public func goBack() -> some AsyncSequence<NavigationEvent, any Error> & Sendable {
        startGoing(back: true)
    }

    /// Goes one page forward, if there is one: the first item of the forward list.
    ///
    /// An addition of this library, as ``load(_:)-(WebPage.BackForwardList.Item)`` with that item.
    ///
    /// - Returns: The navigation's events; an empty sequence when there is no page to go
    ///   forward to (``canGoForward`` is false).
    @discardableResult
    public func goForward() -> some AsyncSequence<NavigationEvent, any Error> & Sendable {
        startGoing(back: false)
    }

    /// ``goBack()``, or ``goForward()``: goes to the engine's back or forward item as it is
    /// at the call, never to one of a list read earlier, whether or not Foundation parses
    /// its URL.
    func startGoing(back: Bool) -> NavigationEvents {
        guard !tracker.isClosed else { return tracker.refuse(nil) }
        let list = webkit_web_view_get_back_forward_list(webView)
        guard
            let item = back
                ? webkit_back_forward_list_get_back_item(list) : webkit_back_forward_list_get_forward_item(list)
        else { return tracker.refuse(nil) }
        return go(to: item, url: String(optionalCString: webkit_back_forward_list_item_get_uri(item)), as: .backForward)
    }

    /// Loads the current document again and returns the events of that navigation.
    ///
    /// After the web content process ended, the engine has no document, but the
    /// back-forward list keeps its current item: the reload loads that item in a new
    /// process, as a reload after a crash does on Apple's platforms.
    ///
    /// WebKitGTK's `webkit_web_view_reload`, or `webkit_web_view_reload_bypass_cache` from
    /// the origin; after a crash, `webkit_web_view_go_to_back_forward_list_item`.
    ///
    /// - Parameter fromOrigin: Whether to bypass caches and revalidate everything with the
    ///   server. Default: false.
    /// - Returns: The navigation's events, as ``load(_:)-(URL?)`` describes.
    @discardableResult
    public func reload(fromOrigin: Bool = false) -> some AsyncSequence<NavigationEvent, any Error> & Sendable {
        startReload(fromOrigin: fromOrigin)
    }

    /// ``reload(fromOrigin:)``, returning the sequence with its navigation's identity.
    func startReload(fromOrigin: Bool) -> NavigationEvents {
        guard url != nil else {
            if let current = backForwardList.currentItem { return startLoad(current, as: .reload) }
            return tracker.refuse(nil)  // nothing to reload: an empty sequence
        }
        let stream = tracker.begin(.reload, url: url?.absoluteString)
        guard !tracker.isClosed else { return stream }
        if fromOrigin {
            webkit_web_view_reload_bypass_cache(webView)
        } else {
            webkit_web_view_reload(webView)
        }
        return stream
    }

    /// Stops the navigation under way; its sequence ends without an error.
    /// WebKitGTK's `webkit_web_view_stop_loading`.
    public func stopLoading() {
        httpsUpgrading.current = nil
        tracker.stopped()
        if !tracker.isClosed { webkit_web_view_stop_loading(webView) }
    }
}

/// A request WebKitGTK cannot load as a top-level document: one whose method is not GET,
/// or that has a body.
///
/// ``WebPage/load(_:)-(URLRequest)`` fails with it, wrapped in
/// ``WebPage/NavigationError/failedProvisionalNavigation(_:)``: WebKitGTK's
/// `webkit_web_view_load_request` cannot set a method or a body.
public struct UnsupportedRequestError: Error, Sendable, CustomStringConvertible {
    /// The request's HTTP method, uppercased.
    public let method: String
    /// Says what WebKitGTK cannot load, and which method the request used.
    public var description: String {
        "WebKitGTK loads documents with GET and no body; this request uses \(method)\(method == "GET" ? " with a body" : "")"
    }
}

extension String.Encoding {
    /// The IANA character-set name WebKit expects.
    var ianaName: String {
        switch self {
        case .ascii: "US-ASCII"
        case .isoLatin1: "ISO-8859-1"
        case .isoLatin2: "ISO-8859-2"
        case .utf16: "UTF-16"
        case .utf16BigEndian: "UTF-16BE"
        case .utf16LittleEndian: "UTF-16LE"
        case .utf32: "UTF-32"
        case .windowsCP1252: "windows-1252"
        case .japaneseEUC: "EUC-JP"
        case .shiftJIS: "Shift_JIS"
        default: "UTF-8"
        }
    }
}
