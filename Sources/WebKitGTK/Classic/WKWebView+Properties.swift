import Foundation

/// The page's state, read through to the engine. Each property is observable with
/// Observation (`withObservationTracking`, `Observations`) and with ``observe(_:options:changeHandler:)``.
extension WKWebView {
    /// The document's title; empty while it has none.
    public var title: String? { page.title }

    /// The URL of the document shown, or being loaded.
    public var url: URL? { page.url }

    /// Whether a navigation is under way.
    public var isLoading: Bool { page.isLoading }

    /// How much of the current navigation has loaded, from 0 to 1.
    public var estimatedProgress: Double { page.estimatedProgress }

    /// Whether there is a back item to go to.
    public var canGoBack: Bool { page.canGoBack }

    /// Whether there is a forward item to go to.
    public var canGoForward: Bool { page.canGoForward }

    /// Whether the document and everything it loaded came over a secure connection.
    public var hasOnlySecureContent: Bool { page.hasOnlySecureContent }

    /// The certificate the document's server presented, and what is wrong with it; nil for a
    /// document that did not come over TLS. Apple's is a `SecTrust`, which Linux has not.
    public var serverTrust: WebPage.ServerTrust? { page.serverTrust }

    /// The color the document asks to be framed in (`<meta name="theme-color">`), if any.
    public var themeColor: Color? { page.themeColor }

    /// The user agent the web view sends instead of its own; nil for its own.
    public var customUserAgent: String? {
        get { page.customUserAgent }
        set { page.customUserAgent = newValue }
    }

    /// Whether a page's scripts and documents can be inspected with WebKit's inspector.
    /// Default: false.
    public var isInspectable: Bool {
        get { page.isInspectable }
        set { page.isInspectable = newValue }
    }

    /// The CSS media type the page's style sheets see (`"screen"`, `"print"`), or nil for
    /// the engine's own.
    public var mediaType: String? {
        get { page.mediaType?.rawValue }
        set { page.mediaType = newValue.map(WebPage.CSSMediaType.init(rawValue:)) }
    }

    /// The zoom of the page's content, text and images together, 1 for 100 %; clamped to
    /// 0.25 … 5. Default: 1.
    public var pageZoom: CGFloat {
        get { view.magnification }
        set { view.magnification = newValue }
    }

    /// The zoom of the page's content, as ``pageZoom``: WebKitGTK has one zoom for both.
    public var magnification: CGFloat {
        get { view.magnification }
        set { view.magnification = newValue }
    }

    /// Zooms the page's content. WebKitGTK zooms about the top left corner.
    ///
    /// - Parameters:
    ///   - magnification: The zoom, 1 for 100 %.
    ///   - point: Where Apple's zoom is centered; not used.
    public func setMagnification(_ magnification: CGFloat, centeredAt point: CGPoint) {
        view.magnification = magnification
    }

    /// Whether a two-finger pinch zooms the page. Default: false.
    public var allowsMagnification: Bool {
        get { gestures.magnification }
        set {
            gestures.magnification = newValue
            view.webViewMagnificationGestures(newValue ? .enabled : .disabled)
        }
    }

    /// Whether a two-finger swipe goes back and forward. Default: false, as Apple's.
    public var allowsBackForwardNavigationGestures: Bool {
        get { gestures.backForward }
        set {
            gestures.backForward = newValue
            view.webViewBackForwardNavigationGestures(newValue ? .enabled : .disabled)
        }
    }

    /// Whether an element of the page is fullscreen, or going in or out.
    public var fullscreenState: WebPage.FullscreenState { page.fullscreenState }

    /// Whether the page uses the camera.
    public var cameraCaptureState: WKMediaCaptureState { page.cameraCaptureState }

    /// Whether the page uses the microphone.
    public var microphoneCaptureState: WKMediaCaptureState { page.microphoneCaptureState }
}
