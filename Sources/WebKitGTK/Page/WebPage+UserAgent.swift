internal import CWebKitGTK
import Foundation

extension WebPage {
    /// What the page's user agent is made from.
    struct UserAgentChoice {
        /// WebKitGTK's own user agent, as the page was created with it.
        var standard = ""
        /// The storage of ``WebPage/customUserAgent``.
        var custom: String?
        /// The content mode the last allowed navigation asked for.
        var contentMode = NavigationPreferences.ContentMode.recommended
    }

    /// The user agent the page sends instead of WebKitGTK's own; nil for the default.
    ///
    ///     page.customUserAgent = "LakesReader/2.0"
    ///
    /// It applies from the next request on, replaces the whole string (the
    /// ``Configuration/applicationNameForUserAgent`` and the mobile content mode are not
    /// added to it), and an empty string is the default. WebKitGTK's
    /// `webkit_settings_set_user_agent`. Default: nil.
    public var customUserAgent: String? {
        get { userAgent.custom }
        set {
            userAgent.custom = newValue?.isEmpty == true ? nil : newValue
            applyUserAgent(for: userAgent.contentMode)
        }
    }
}
