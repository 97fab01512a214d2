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

/// Where pages keep cookies, caches and other website data: Apple's `WKWebsiteDataStore`.
///
///     let store = WKWebsiteDataStore.nonPersistent()  // a private session
///     let page = WebPage(configuration: WebPage.Configuration(websiteDataStore: store))
///
/// Pages that share a store share a WebKitGTK web context (`WebKitWebContext`), and with
/// it their network process and data. The ``default()`` store keeps data on disk under the
/// XDG data and cache directories; a ``nonPersistent()`` store keeps it in memory and
/// forgets it when the store's last page goes.
@MainActor
public final class WKWebsiteDataStore {
    let context: GObjectReference
    /// Whether the store keeps its data on disk: true for ``default()``, false for
    /// ``nonPersistent()``.
    public let isPersistent: Bool

    private init(context: GObjectReference, isPersistent: Bool) {
        self.context = context
        self.isPersistent = isPersistent
    }

    private static var shared: WKWebsiteDataStore?

    /// The store every page uses unless told otherwise: WebKitGTK's default web context
    /// (`webkit_web_context_get_default`), which keeps data on disk. Every call returns the
    /// same store.
    public static func `default`() -> WKWebsiteDataStore {
        if let shared { return shared }
        Gtk.prepare()
        let store = WKWebsiteDataStore(
            context: GObjectReference(retaining: OpaquePointer(webkit_web_context_get_default()!)), isPersistent: true)
        WebContentSandbox.apply(to: store.context)
        shared = store
        return store
    }

    /// A new store that keeps everything in memory: a web context of its own over an
    /// ephemeral website data manager (`webkit_website_data_manager_new_ephemeral`).
    ///
    /// Each call makes a new store, with its own cookies and caches and its own network
    /// process; pages share data only when they share the store.
    public static func nonPersistent() -> WKWebsiteDataStore {
        Gtk.prepare()
        let manager = webkit_website_data_manager_new_ephemeral()!
        defer { g_object_unref(manager) }
        let context = webkit_web_context_new_with_website_data_manager(manager)!
        LiveObjects.track(OpaquePointer(context))
        let store = WKWebsiteDataStore(context: GObjectReference(adopting: OpaquePointer(context)), isPersistent: false)
        WebContentSandbox.apply(to: store.context)
        return store
    }

    /// Whether the web processes of the store's pages run in WebKitGTK's bubblewrap sandbox
    /// (`webkit_web_context_get_sandbox_enabled`). An addition of this library, for Linux:
    /// Apple's WebKit always sandboxes its web content processes and has no such property.
    ///
    /// The library turns the sandbox on for every store where bubblewrap works; where it
    /// does not (some containers, some setups of root), it is off and the library logs why,
    /// once. In the sandbox a page's web process has PID, network and UTS namespaces of its
    /// own (IPC too under Wayland) and sees only the system's libraries and data, fonts, the
    /// display and the store's own folders, over an empty `/tmp`. Pages load as before, as
    /// the network process, which is not sandboxed, fetches their resources, `file:` URLs
    /// included: what changes is what a page's own process can reach, should the page take
    /// it over. Media is read by the web process itself (through GStreamer), so `<audio>`
    /// and `<video>` with a `file:` URL outside those folders do not play.
    ///
    /// WebKit's variables decide first: `WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS` (set to
    /// anything but `0`) keeps the sandbox off, and `WEBKIT_FORCE_SANDBOX=1` turns it on
    /// without checking that bubblewrap works.
    public var isWebContentSandboxed: Bool {
        webkit_web_context_get_sandbox_enabled(context.cast()) != 0
    }
}
