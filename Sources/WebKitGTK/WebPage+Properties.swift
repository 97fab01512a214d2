internal import CWebKitGTK
import Foundation

extension WebPage {
    /// The document's title, or "" when it has none. Observable.
    public var title: String {
        access(keyPath: \.title)
        return String(optionalCString: webkit_web_view_get_title(webView)) ?? ""
    }

    /// The URL of the current document (or of the navigation under way), or nil before
    /// anything loaded. Content loaded with `load(html:)` and no base URL is `about:blank`.
    /// Observable.
    public var url: URL? {
        access(keyPath: \.url)
        return String(optionalCString: webkit_web_view_get_uri(webView)).flatMap { URL(string: $0) }
    }

    /// How much of the current load is done, from 0 to 1. Observable.
    public var estimatedProgress: Double {
        access(keyPath: \.estimatedProgress)
        return webkit_web_view_get_estimated_load_progress(webView)
    }

    /// Whether the page is loading. Observable.
    public var isLoading: Bool {
        access(keyPath: \.isLoading)
        return webkit_web_view_is_loading(webView) != 0
    }

    /// The color the page asks the browser chrome to take (`<meta name="theme-color">`),
    /// or nil when it asks for none. Observable.
    public var themeColor: Color? {
        access(keyPath: \.themeColor)
        var rgba = GdkRGBA()
        guard webkit_web_view_get_theme_color(webView, &rgba) != 0 else { return nil }
        return Color(red: rgba.red, green: rgba.green, blue: rgba.blue, opacity: rgba.alpha)
    }

    /// Whether there is a page to go back to. Observable.
    public var canGoBack: Bool {
        access(keyPath: \.canGoBack)
        return webkit_web_view_can_go_back(webView) != 0
    }

    /// Whether there is a page to go forward to. Observable.
    public var canGoForward: Bool {
        access(keyPath: \.canGoForward)
        return webkit_web_view_can_go_forward(webView) != 0
    }
}

/// An RGBA color with components from 0 to 1, as a page's theme color.
public struct Color: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var opacity: Double

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.opacity = opacity
    }
}
