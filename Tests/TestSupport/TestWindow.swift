import WebKitGTK

/// A shown ``WebWindow`` holding a `WebView`, as an app would show it, closed by ``close()``
/// or when this value goes.
@MainActor
package final class TestWindow {
    /// The window.
    package let window: WebWindow

    /// Shows `view` in a new `width`×`height` window.
    package init(showing view: WebView, width: Int = 1024, height: Int = 768) {
        window = WebWindow(view, width: width, height: height)
        window.present()
    }

    /// Closes the window, as its close button does; the page inside goes back offscreen.
    package func close() { window.close() }

    isolated deinit { window.close() }
}
