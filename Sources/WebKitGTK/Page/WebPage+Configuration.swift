internal import CWebKitGTK
import Foundation
import GLibBridge
import GTK

extension WebPage {
    /// The settings a page is created with: Apple's `WebPage.Configuration`, with the
    /// settings that mean something on Linux.
    ///
    ///     var configuration = WebPage.Configuration(websiteDataStore: .nonPersistent())
    ///     configuration.urlSchemeHandlers[URLScheme("lakes")!] = DirectoryURLSchemeHandler(root: articles)
    ///     configuration.applicationNameForUserAgent = "Lakes/1.0"
    ///     let page = WebPage(configuration: configuration)
    ///
    /// Changing a configuration after the page was created has no effect on the page; the
    /// page keeps a copy as ``WebPage/configuration``. Every setting has a default, stated
    /// with it.
    public struct Configuration {
        /// Where cookies, caches and local storage live, and with them the page's WebKitGTK
        /// web context (`WebKitWebContext`). Default: ``WKWebsiteDataStore/default()``.
        public var websiteDataStore: WKWebsiteDataStore
        /// A name and version added to the user agent, for example `"Lakes/1.0"`.
        /// Default: nil, WebKitGTK's own user agent.
        public var applicationNameForUserAgent: String?
        /// The page's own URL schemes and their handlers. Default: none.
        ///
        /// Pages may answer the same scheme with different handlers; each request goes to
        /// the handler of the page that made it. See <doc:CustomURLSchemes>.
        public var urlSchemeHandlers: [URLScheme: any URLSchemeHandler]
        /// Scripts, style sheets, content rules and message handlers for the page's
        /// documents, over WebKitGTK's `WebKitUserContentManager`. Default: an empty controller.
        public var userContentController: WKUserContentController
        /// Where downloads are saved. Default: nil, the XDG download folder (`~/Downloads`).
        public var downloadsDirectory: URL?
        /// Whether a WebDriver client drives the page through a ``WebAutomation``. Default: false.
        ///
        /// Only such pages can be handed to an automation session. In them
        /// `navigator.webdriver` is true, and `alert`, `confirm` and `prompt` wait for the
        /// client's alert commands instead of reaching the page's ``DialogPresenting``.
        public var isControlledByAutomation = false

        /// The preferences each navigation starts from; the decider may change them per
        /// navigation. Default: every ``NavigationPreferences`` default.
        ///
        ///     configuration.defaultNavigationPreferences.allowsContentJavaScript = false
        public var defaultNavigationPreferences = NavigationPreferences()
        /// How requests for the camera and microphone are answered. Default: `.prompt` for
        /// every request, which asks the page's ``DialogPresenting``.
        public var deviceSensorAuthorization = DeviceSensorAuthorization(decision: .prompt)
        /// Whether hosts known to serve HTTPS (from their HSTS policy) are loaded over HTTPS
        /// when an `http:` URL names them. Default: true. WebKit's `UpgradeKnownHostsToHTTPS` feature.
        public var upgradeKnownHostsToHTTPS = true
        /// Whether a document is shown only once it has loaded completely, not as it
        /// arrives. Default: false. WebKit's `SuppressesIncrementalRendering` feature.
        public var suppressesIncrementalRendering = false
        /// Whether documents load their subresources (images, style sheets, scripts,
        /// fonts, media, frames, fetches). Default: true. When false only each document's
        /// main resource loads: images are off (`auto-load-images`) and a content rule
        /// list blocks every other subresource; the page waits for that list before its
        /// first navigation.
        public var loadsSubresources = true

        /// Creates a configuration; every setting not named here starts at its default.
        ///
        /// - Parameters:
        ///   - websiteDataStore: Where website data lives. Default: ``WKWebsiteDataStore/default()``.
        ///   - applicationNameForUserAgent: A name and version added to the user agent.
        ///     Default: nil, none.
        ///   - urlSchemeHandlers: The page's own URL schemes and their handlers. Default: none.
        ///   - userContentController: Scripts, style sheets, rules and message handlers.
        ///     Default: a new, empty ``WKUserContentController``.
        @MainActor
        public init(
            websiteDataStore: WKWebsiteDataStore = .default(), applicationNameForUserAgent: String? = nil,
            urlSchemeHandlers: [URLScheme: any URLSchemeHandler] = [:],
            userContentController: WKUserContentController = WKUserContentController()
        ) {
            self.userContentController = userContentController
            self.websiteDataStore = websiteDataStore
            self.applicationNameForUserAgent = applicationNameForUserAgent
            self.urlSchemeHandlers = urlSchemeHandlers
        }
    }
}
