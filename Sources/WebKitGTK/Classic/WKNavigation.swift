import Foundation

/// One navigation of a ``WKWebView``: Apple's `WKNavigation`.
///
///     let navigation = webView.load(URLRequest(url: url))
///     // later, in the navigation delegate:
///     func webView(_ webView: WKWebView, didFinish finished: WKNavigation!) {
///         if finished === navigation { print("loaded") }
///     }
///
/// The object a load returns is the one every navigation delegate callback of that
/// navigation gets, so it tells the app's loads apart. Navigations the page starts by
/// itself (links, forms, script) get one of their own when they start.
@MainActor
open class WKNavigation: NSObject {
    /// The navigation it stands for, as the engine numbers them.
    let navigationID: WebPage.NavigationID?

    init(_ navigationID: WebPage.NavigationID?) {
        self.navigationID = navigationID
        super.init()
    }

    /// The kind of content the navigation asked for: what the navigation delegate chose in
    /// its web page preferences, or the configuration's default.
    public internal(set) var effectiveContentMode = WKWebpagePreferences.ContentMode.recommended
}

/// A frame of a web page: Apple's `WKFrameInfo`.
@MainActor
open class WKFrameInfo: NSObject, NSCopying {
    /// Whether it is the page's main frame. WebKitGTK reports only the main frame.
    public let isMainFrame: Bool
    /// The frame's current request: the URL of its document.
    public let request: URLRequest
    /// The origin of the frame's document.
    public let securityOrigin: WKSecurityOrigin
    /// The web view the frame belongs to.
    public private(set) weak var webView: WKWebView?

    init(_ frame: WebPage.FrameInfo, webView: WKWebView?) {
        isMainFrame = frame.isMainFrame
        request = frame.request
        securityOrigin = frame.securityOrigin
        self.webView = webView
        super.init()
    }

    /// The same frame: it does not change.
    nonisolated public func copy(with zone: NSZone? = nil) -> Any { self }

    /// The frame as the ``WebPage`` face describes it.
    var frameInfo: WebPage.FrameInfo { WebPage.FrameInfo(url: request.url, isMainFrame: isMainFrame) }
}

/// A navigation asked for, before it starts: Apple's `WKNavigationAction`.
@MainActor
open class WKNavigationAction: NSObject {
    /// The frame that asked for it. WebKitGTK reports no source frame: this is the main
    /// frame, with the document shown when it was asked for.
    public let sourceFrame: WKFrameInfo
    /// The frame it loads in; nil for a new window (`target=_blank`, `window.open`).
    public let targetFrame: WKFrameInfo?
    /// What caused it.
    public let navigationType: WKNavigationType
    /// The request, with its URL, method and header fields.
    public let request: URLRequest
    /// Whether the link followed asked to be downloaded (`<a download>`).
    public let shouldPerformDownload: Bool
    /// The modifier keys held when it was asked for. A type of this library on Linux,
    /// where Apple's has `NSEvent.ModifierFlags`.
    public let modifierFlags: EventModifiers
    /// The mouse button that asked for it: 1 left, 2 middle, 3 right; 0 for none.
    public let buttonNumber: Int

    init(_ action: WebPage.NavigationAction, webView: WKWebView?) {
        sourceFrame = WKFrameInfo(action.source, webView: webView)
        targetFrame = action.target.map { WKFrameInfo($0, webView: webView) }
        navigationType = action.navigationType
        request = action.request
        shouldPerformDownload = action.shouldPerformDownload
        modifierFlags = action.modifierFlags
        buttonNumber = action.buttonNumber
        super.init()
    }
}

/// A navigation's response, before it is shown: Apple's `WKNavigationResponse`.
@MainActor
open class WKNavigationResponse: NSObject {
    /// Whether it is the main frame's document.
    public let isForMainFrame: Bool
    /// The response, with its status code and header fields.
    public let response: URLResponse
    /// Whether WebKit can show the response's MIME type.
    public let canShowMIMEType: Bool

    init(_ response: WebPage.NavigationResponse) {
        isForMainFrame = response.isForMainFrame
        self.response = response.response
        canShowMIMEType = response.canShowMimeType
        super.init()
    }
}
