internal import CWebKitGTK
import Foundation

extension WebPage {
    /// The user agent the page sends instead of WebKitGTK's own; nil for the default.
    ///
    ///     page.customUserAgent = "LakesReader/2.0"
    ///
    /// It applies from the next request on, replaces the whole string (the
    /// ``Configuration/applicationNameForUserAgent`` and the mobile content mode are not
    /// added to it), and an empty string is the default. WebKitGTK's
    /// `webkit_settings_set_user_agent`. Default: nil.
    public var customUserAgent: String? {
        get { storedCustomUserAgent }
        set {
            storedCustomUserAgent = newValue?.isEmpty == true ? nil : newValue
            applyUserAgent(for: contentMode)
        }
    }
}
