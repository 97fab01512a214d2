internal import CWebKitGTK
import Foundation

extension WebPage {
    /// The document's title, or "" when it has none. Observable.
    ///
    /// When a load's ``NavigationEvent/finished`` arrives, the title of the document it
    /// loaded is already in place. WebKitGTK's `webkit_web_view_get_title`, followed through
    /// `notify::title`.
    public var title: String {
        access(keyPath: \.title)
        return String(optionalCString: webkit_web_view_get_title(webView)) ?? ""
    }

    /// The URL of the current document (or of the navigation under way), or nil before
    /// anything loaded. Content loaded with `load(html:)` and no base URL is `about:blank`.
    /// Observable. WebKitGTK's `webkit_web_view_get_uri`, followed through `notify::uri`.
    public var url: URL? {
        access(keyPath: \.url)
        return String(optionalCString: webkit_web_view_get_uri(webView)).flatMap { URL(string: $0) }
    }

    /// How much of the current load is done, from 0 to 1. Observable.
    /// WebKitGTK's `webkit_web_view_get_estimated_load_progress`.
    public var estimatedProgress: Double {
        access(keyPath: \.estimatedProgress)
        return webkit_web_view_get_estimated_load_progress(webView)
    }

    /// Whether the page's web content process answers. Observable.
    ///
    /// WebKit asks the process for a sign of life now and then, and this turns false when an
    /// answer is overdue (a script stuck in a loop, for example); it turns true again when
    /// the process answers, or when a new process takes over. The page cannot paint, run
    /// script or take input while it is false, but the app goes on: stop such a page with
    /// ``terminateWebContentProcess()``, or wait. An addition of this library:
    /// WebKitGTK's `webkit_web_view_get_is_web_process_responsive`, followed through
    /// `notify::is-web-process-responsive`.
    ///
    /// It is also false while the document holds a navigation the app asked for: one that
    /// has not started after a second, in a document that then leaves a sign of life
    /// overdue for three more (alerts in a loop, or a loop in `beforeunload`, which WebKit
    /// itself does not count as unresponsive).
    public var isWebContentProcessResponsive: Bool {
        access(keyPath: \.isWebContentProcessResponsive)
        return webkit_web_view_get_is_web_process_responsive(webView) != 0 && !navigationWatch.isHeld
    }

    /// Ends the page's web content process at once, as a crash would: its load sequences
    /// throw ``NavigationError/webContentProcessTerminated``, and a new load or
    /// ``reload(fromOrigin:)`` starts a new process.
    ///
    /// For a page that stopped answering (``isWebContentProcessResponsive``). An addition of
    /// this library: WebKitGTK's `webkit_web_view_terminate_web_process`.
    public func terminateWebContentProcess() {
        webkit_web_view_terminate_web_process(webView)
    }

    /// Whether the page is loading. Observable. WebKitGTK's `webkit_web_view_is_loading`.
    public var isLoading: Bool {
        access(keyPath: \.isLoading)
        return webkit_web_view_is_loading(webView) != 0
    }

    /// The color the page asks the browser chrome to take (`<meta name="theme-color">`),
    /// or nil when it asks for none. Observable.
    ///
    /// WebKitGTK's `webkit_web_view_get_theme_color`. The engine reports it only while its
    /// compositing is on, as it is by default.
    public var themeColor: Color? {
        access(keyPath: \.themeColor)
        var rgba = GdkRGBA()
        guard webkit_web_view_get_theme_color(webView, &rgba) != 0 else { return nil }
        return Color(red: rgba.red, green: rgba.green, blue: rgba.blue, opacity: rgba.alpha)
    }

    /// Whether there is a page to go back to. Observable. `webkit_web_view_can_go_back`.
    public var canGoBack: Bool {
        access(keyPath: \.canGoBack)
        return webkit_web_view_can_go_back(webView) != 0
    }

    /// Whether there is a page to go forward to. Observable. `webkit_web_view_can_go_forward`.
    public var canGoForward: Bool {
        access(keyPath: \.canGoForward)
        return webkit_web_view_can_go_forward(webView) != 0
    }
}

/// An RGBA color with components from 0 to 1, as a page's theme color: a stand-in for
/// SwiftUI's `Color`, which ``WebPage/themeColor`` is on Apple's platforms.
///
///     if let color = page.themeColor, color.opacity > 0 {
///         print("theme: \(color.red), \(color.green), \(color.blue)")
///     }
///
/// The components are those of GTK's `GdkRGBA`.
public struct Color: Hashable, Sendable {
    /// The red component, from 0 to 1.
    public var red: Double
    /// The green component, from 0 to 1.
    public var green: Double
    /// The blue component, from 0 to 1.
    public var blue: Double
    /// The opacity, from 0 (transparent) to 1 (opaque).
    public var opacity: Double

    /// Creates a color from its components.
    ///
    /// - Parameters:
    ///   - red: The red component, from 0 to 1.
    ///   - green: The green component, from 0 to 1.
    ///   - blue: The blue component, from 0 to 1.
    ///   - opacity: The opacity, from 0 to 1. Default: 1, opaque.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.opacity = opacity
    }
}
