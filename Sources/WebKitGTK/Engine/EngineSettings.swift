internal import CWebKitGTK
import Foundation

/// The engine settings of a page (`WebKitSettings`) that no part of ``WebPage``'s own API
/// sets, for the classic face's preferences.
@MainActor
struct EngineSettings {
    private let settings: UnsafeMutablePointer<WebKitSettings>

    init(_ page: WebPage) {
        settings = webkit_web_view_get_settings(page.webView)
    }

    /// `javascript-can-open-windows-automatically`.
    var javaScriptCanOpenWindowsAutomatically: Bool {
        get { webkit_settings_get_javascript_can_open_windows_automatically(settings) != 0 }
        nonmutating set { webkit_settings_set_javascript_can_open_windows_automatically(settings, newValue ? 1 : 0) }
    }

    /// `minimum-font-size`, in points.
    var minimumFontSize: Double {
        get { Double(webkit_settings_get_minimum_font_size(settings)) }
        nonmutating set { webkit_settings_set_minimum_font_size(settings, guint32(max(0, newValue.rounded()))) }
    }

    /// `enable-tabs-to-links`.
    var tabsToLinks: Bool {
        get { webkit_settings_get_enable_tabs_to_links(settings) != 0 }
        nonmutating set { webkit_settings_set_enable_tabs_to_links(settings, newValue ? 1 : 0) }
    }

    /// `media-playback-requires-user-gesture`.
    var mediaPlaybackRequiresUserGesture: Bool {
        get { webkit_settings_get_media_playback_requires_user_gesture(settings) != 0 }
        nonmutating set { webkit_settings_set_media_playback_requires_user_gesture(settings, newValue ? 1 : 0) }
    }
}
