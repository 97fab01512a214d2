internal import CWebKitGTK
import Foundation
import GTK

/// Apple's `WebView` modifiers, under Apple's names and with Apple's defaults, as methods
/// of the view that return it, so they chain:
///
///     let view = WebView(page)
///         .webViewBackForwardNavigationGestures(.disabled)
///         .webViewTextSelection(.disabled)
///         .webViewContentBackground(.hidden)
///
/// A new ``WebView`` applies every default to the page it shows. Some of Apple's modifiers
/// have no meaning on Linux and are not offered: link previews, scroll bounce (GTK has no
/// rubber-band scrolling) and visionOS look-to-scroll.
extension WebView {
    /// Sets whether horizontal swipes go back and forward in history.
    ///
    /// - Parameter value: The behaviour. A new view's is ``BackForwardNavigationGesturesBehavior/automatic``,
    ///   which enables them. WebKitGTK's `enable-back-forward-navigation-gestures`.
    /// - Returns: This view.
    @discardableResult
    public func webViewBackForwardNavigationGestures(_ value: BackForwardNavigationGesturesBehavior) -> Self {
        webkit_settings_set_enable_back_forward_navigation_gestures(settings, value.value != .disabled ? 1 : 0)
        return self
    }

    /// Sets whether pinching on a touchpad or touchscreen changes the page's magnification.
    ///
    /// WebKitGTK has no setting for it: when disabled, the view stops touchpad pinch events
    /// (`GDK_TOUCHPAD_PINCH`) before WebKit sees them, and switches off WebKit's own zoom
    /// gesture (its `GtkGestureZoom`) for touchscreens. ``magnification`` still zooms.
    ///
    /// - Parameter value: The behaviour. A new view's is ``MagnificationGesturesBehavior/automatic``,
    ///   which enables pinching.
    /// - Returns: This view.
    @discardableResult
    public func webViewMagnificationGestures(_ value: MagnificationGesturesBehavior) -> Self {
        setMagnificationGestures(value)
        return self
    }

    /// Applies `value` to the engine; the view's own ``webViewMagnificationGestures(_:)``,
    /// callable while the view goes.
    func setMagnificationGestures(_ value: MagnificationGesturesBehavior) {
        magnificationGestures = value
        let allowed = value.value != .disabled
        if allowed {
            pinchFilter = nil
        } else if pinchFilter == nil {
            pinchFilter = page.engine.widget.stopTouchpadPinches()
        }
        engineZoomGesture?.isEnabled = allowed
    }

    /// WebKit's own pinch gesture on its view, where this version of WebKitGTK keeps it.
    var zoomGesture: OpaquePointer? { engineZoomGesture?.reference.pointer }

    private var engineZoomGesture: Gtk.ZoomGesture? {
        g_object_get_data(UnsafeMutablePointer(page.view.pointer), "wk-view-zoom-gesture").flatMap {
            Gtk.ZoomGesture(OpaquePointer($0))
        }
    }

    /// Sets whether an element can take the whole screen (`element.requestFullscreen()`).
    ///
    /// - Parameter value: The behaviour. A new view's is ``ElementFullscreenBehavior/automatic``,
    ///   which disables it, as Apple's does. WebKitGTK's `enable-fullscreen`.
    /// - Returns: This view.
    @discardableResult
    public func webViewElementFullscreenBehavior(_ value: ElementFullscreenBehavior) -> Self {
        webkit_settings_set_enable_fullscreen(settings, value.value == .enabled ? 1 : 0)
        return self
    }

    /// Sets whether the view paints the page's natural (white) background; hidden, a page
    /// without a background of its own shows what is behind the widget.
    ///
    /// - Parameter visibility: The background's visibility. A new view's is
    ///   ``Visibility/automatic``, which shows it. `webkit_web_view_set_background_color`,
    ///   transparent when hidden (the window then needs an RGBA visual to show through).
    /// - Returns: This view.
    @discardableResult
    public func webViewContentBackground(_ visibility: Visibility) -> Self {
        var color = GdkRGBA(red: 1, green: 1, blue: 1, alpha: visibility == .hidden ? 0 : 1)
        webkit_web_view_set_background_color(page.webView, &color)
        return self
    }

    /// Sets whether people can select the page's text.
    ///
    ///     view.webViewTextSelection(.disabled)
    ///
    /// - Parameter selectability: ``TextSelectability/enabled`` or ``TextSelectability/disabled``.
    ///   A new view's text is selectable. Disabled, a user style sheet sets `user-select: none`
    ///   on every element.
    /// - Returns: This view.
    @discardableResult
    public func webViewTextSelection<S: TextSelectability>(_ selectability: S) -> Self {
        page.userContent.setTextSelectionDisabled(!S.allowsSelection)
        return self
    }

    /// The page's zoom, 1 for 100 %; clamped to 0.25 … 5. Default: 1. Text and images
    /// scale together, as with Ctrl+plus and Ctrl+minus in a browser. Apple's `WebView`
    /// has none. `webkit_web_view_set_zoom_level`.
    public var magnification: Double {
        get { webkit_web_view_get_zoom_level(page.webView) }
        set { webkit_web_view_set_zoom_level(page.webView, min(max(newValue, 0.25), 5)) }
    }

    /// Applies every modifier's default, as a new Apple `WebView` does.
    func applyDefaultModifiers() {
        webViewBackForwardNavigationGestures(.automatic)
        webViewMagnificationGestures(.automatic)
        webViewElementFullscreenBehavior(.automatic)
        webViewContentBackground(.automatic)
        webViewTextSelection(.enabled)
    }

    private var settings: UnsafeMutablePointer<WebKitSettings>? {
        webkit_web_view_get_settings(page.webView)
    }
}
