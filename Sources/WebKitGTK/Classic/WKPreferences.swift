import Foundation

/// Preferences a ``WKWebView`` applies to every page it shows: Apple's `WKPreferences`.
///
///     let configuration = WKWebViewConfiguration()
///     configuration.preferences.minimumFontSize = 12
///     configuration.preferences.javaScriptCanOpenWindowsAutomatically = true
///
/// A web view reads its preferences when it is made, and again when one of them changes:
/// the object is shared by the configurations copied from one another, as Apple's is.
@MainActor
open class WKPreferences: NSObject {
    /// Whether scripts may open windows without a person's gesture (`window.open` outside a
    /// click). Default: false. WebKitGTK's `javascript-can-open-windows-automatically`.
    public var javaScriptCanOpenWindowsAutomatically = false { didSet { changed() } }

    /// The smallest font size, in points, that text is shown in. Default: 0, no minimum.
    /// WebKitGTK's `minimum-font-size`.
    public var minimumFontSize: Double = 0 { didSet { changed() } }

    /// Whether a page's elements may go fullscreen (`element.requestFullscreen()`).
    /// Default: false, as Apple's. WebKitGTK's `enable-fullscreen`.
    public var isElementFullscreenEnabled = false { didSet { changed() } }

    /// Whether a person can select text and interact with it. Default: true.
    public var isTextInteractionEnabled = true { didSet { changed() } }

    /// Whether the web view warns about sites known for fraud or malware. Default: true.
    /// WebKitGTK has no list of such sites, so nothing is checked on Linux; the value is
    /// kept for code that reads it back.
    public var isFraudulentWebsiteWarningEnabled = true

    /// Whether the Tab key moves the focus to links as well as to form controls.
    /// Default: false, as on macOS. WebKitGTK's `enable-tabs-to-links`.
    public var tabFocusesLinks = false { didSet { changed() } }

    /// Preferences at their defaults.
    public override init() {
        super.init()
    }

    /// The web views to tell when a preference changes.
    private var followers: [WeakWebView] = []

    func follow(_ webView: WKWebView) {
        followers.removeAll { $0.webView == nil }
        followers.append(WeakWebView(webView: webView))
    }

    private func changed() {
        followers.removeAll { $0.webView == nil }
        for follower in followers { follower.webView?.apply(self) }
    }
}

private struct WeakWebView {
    weak var webView: WKWebView?
}

/// Preferences for one navigation's document: Apple's `WKWebpagePreferences`.
///
/// A web view starts every navigation from its configuration's
/// ``WKWebViewConfiguration/defaultWebpagePreferences``, and a navigation delegate that
/// implements `webView(_:decidePolicyFor:preferences:decisionHandler:)` may hand back
/// others for that navigation. They are ``WebPage/NavigationPreferences``.
@MainActor
open class WKWebpagePreferences: NSObject {
    /// The kind of content a page is asked for: Apple's `WKWebpagePreferences.ContentMode`.
    public enum ContentMode: Int, Sendable, Hashable {
        /// What suits the device: desktop content on Linux.
        case recommended = 0
        /// Content for a phone.
        case mobile = 1
        /// Content for a computer.
        case desktop = 2
    }

    /// How a navigation to `http:` is upgraded to `https:`: Apple's
    /// `WKWebpagePreferences.UpgradeToHTTPSPolicy`.
    public enum UpgradeToHTTPSPolicy: Int, Sendable, Hashable {
        /// Loaded as asked.
        case keepAsRequested = 0
        /// Upgraded, and loaded over `http:` when `https:` fails.
        case automaticFallbackToHTTP = 1
        /// Upgraded; when `https:` fails, the navigation fails for the app to ask the person.
        case userMediatedFallbackToHTTP = 2
        /// Upgraded; when `https:` fails, the navigation fails.
        case errorOnFailure = 3
    }

    /// Whether the document's own scripts run. Default: true. Scripts the app runs
    /// (`evaluateJavaScript`, user scripts) run either way.
    public var allowsContentJavaScript = true

    /// The kind of content to ask the site for. Default: `.recommended`.
    public var preferredContentMode = ContentMode.recommended

    /// How `http:` navigations are upgraded. Default: `.keepAsRequested`.
    public var preferredHTTPSNavigationPolicy = UpgradeToHTTPSPolicy.keepAsRequested

    /// Preferences at their defaults.
    public override init() {
        super.init()
    }

    init(_ preferences: WebPage.NavigationPreferences) {
        allowsContentJavaScript = preferences.allowsContentJavaScript
        preferredContentMode =
            switch preferences.preferredContentMode {
            case .recommended: .recommended
            case .mobile: .mobile
            case .desktop: .desktop
            }
        preferredHTTPSNavigationPolicy =
            switch preferences.preferredHTTPSNavigationPolicy {
            case .keepAsRequested: .keepAsRequested
            case .automaticFallbackToHTTP: .automaticFallbackToHTTP
            case .userMediatedFallbackToHTTP: .userMediatedFallbackToHTTP
            case .errorOnFailure: .errorOnFailure
            }
        super.init()
    }

    /// The same preferences as the page's own type.
    var navigationPreferences: WebPage.NavigationPreferences {
        var preferences = WebPage.NavigationPreferences()
        preferences.allowsContentJavaScript = allowsContentJavaScript
        preferences.preferredContentMode =
            switch preferredContentMode {
            case .recommended: .recommended
            case .mobile: .mobile
            case .desktop: .desktop
            }
        preferences.preferredHTTPSNavigationPolicy =
            switch preferredHTTPSNavigationPolicy {
            case .keepAsRequested: .keepAsRequested
            case .automaticFallbackToHTTP: .automaticFallbackToHTTP
            case .userMediatedFallbackToHTTP: .userMediatedFallbackToHTTP
            case .errorOnFailure: .errorOnFailure
            }
        return preferences
    }
}
