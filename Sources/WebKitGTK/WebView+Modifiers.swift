internal import CWebKitGTK
import Foundation

/// Apple's `WebView` modifiers, as properties of the GTK widget, with Apple's defaults.
///
/// Some of Apple's modifiers have no meaning on Linux and are not offered: scroll bounce
/// (GTK has no rubber-band scrolling), visionOS look-to-scroll, and link previews.
extension WebView {
    /// Whether two-finger swipes go back and forward in history. Default: true.
    /// WebKitGTK's `enable-back-forward-navigation-gestures`.
    public var allowsBackForwardNavigationGestures: Bool {
        get { webkit_settings_get_enable_back_forward_navigation_gestures(settings) != 0 }
        set { webkit_settings_set_enable_back_forward_navigation_gestures(settings, newValue ? 1 : 0) }
    }

    /// Whether an element can take the whole screen (`requestFullscreen`). Default: false.
    /// WebKitGTK's `enable-fullscreen`.
    public var allowsElementFullscreen: Bool {
        get { webkit_settings_get_enable_fullscreen(settings) != 0 }
        set { webkit_settings_set_enable_fullscreen(settings, newValue ? 1 : 0) }
    }

    /// Whether the Web Inspector can be opened on the page. Default: false.
    /// WebKitGTK's `enable-developer-extras`.
    public var isInspectable: Bool {
        get { webkit_settings_get_enable_developer_extras(settings) != 0 }
        set { webkit_settings_set_enable_developer_extras(settings, newValue ? 1 : 0) }
    }

    /// The page's zoom, 1 for 100 %; clamped to 0.25 … 5. Default: 1. Text and images
    /// scale together, as with Ctrl+plus and Ctrl+minus in a browser.
    public var magnification: Double {
        get { webkit_web_view_get_zoom_level(page.webView) }
        set { webkit_web_view_set_zoom_level(page.webView, min(max(newValue, 0.25), 5)) }
    }

    /// Whether the view paints its own background behind the page; when false, a page
    /// without a background shows what is behind the widget. Default: true.
    public var drawsBackground: Bool {
        get {
            var color = GdkRGBA()
            webkit_web_view_get_background_color(page.webView, &color)
            return color.alpha > 0
        }
        set {
            var color = GdkRGBA(red: 1, green: 1, blue: 1, alpha: newValue ? 1 : 0)
            webkit_web_view_set_background_color(page.webView, &color)
        }
    }

    /// Whether people can select the page's text. Default: true.
    public var isTextSelectionEnabled: Bool {
        get { !page.userContent.textSelectionDisabled }
        set { page.userContent.setTextSelectionDisabled(!newValue) }
    }

    private var settings: UnsafeMutablePointer<WebKitSettings>? {
        webkit_web_view_get_settings(page.webView)
    }
}
