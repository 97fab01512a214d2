import Foundation

extension WebWindow {
    /// Makes a window that shows a classic web view; it appears on ``present()``.
    ///
    ///     let window = WebWindow(webView, application: application)
    ///     window.present()
    ///
    /// The window takes its title from the web view's page and closes with it, as a window
    /// of a ``WebView`` does. Apple's apps put a `WKWebView` in a UIKit or AppKit view; on
    /// Linux it goes in a GTK window, this one or any container (``WKWebView/gtkWidget``).
    ///
    /// - Parameters:
    ///   - webView: The web view to show; it must not be in another container.
    ///   - application: The application the window belongs to. Default: nil, none.
    ///   - appName: The title while the page has none. Default: the application's name.
    ///   - width: The window's initial width in pixels. Default: 1024.
    ///   - height: The window's initial height in pixels. Default: 768.
    public convenience init(
        _ webView: WKWebView, application: WebApplication? = nil, appName: String? = nil, width: Int = 1024,
        height: Int = 768
    ) {
        self.init(webView.view, application: application, appName: appName, width: width, height: height)
    }
}
