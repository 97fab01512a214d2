internal import CWebKitGTK
import Foundation
import GLibBridge

extension WebPage {
    /// The settings a page is created with. Changing a configuration after the page was
    /// created has no effect on the page.
    public struct Configuration {
        /// Where cookies, caches and local storage live. Default: ``WebsiteDataStore/default()``.
        public var websiteDataStore: WebsiteDataStore
        /// A name and version added to the user agent, for example `"Lakes/1.0"`.
        /// Default: nil, WebKitGTK's own user agent.
        public var applicationNameForUserAgent: String?
        /// The page's own URL schemes and their handlers. Default: none.
        ///
        /// Pages may answer the same scheme with different handlers; each request goes to
        /// the handler of the page that made it.
        public var urlSchemeHandlers: [URLScheme: any URLSchemeHandler]
        /// Scripts, style sheets and message handlers for the page's documents. Default: an empty
        /// controller.
        public var userContentController: UserContentController
        /// Where downloads are saved. Default: nil, the XDG download folder (`~/Downloads`).
        public var downloadsDirectory: URL?
        /// Whether a WebDriver client drives the page through a ``WebAutomation``. Default: false.
        ///
        /// Only such pages can be handed to an automation session. In them
        /// `navigator.webdriver` is true, and `alert`, `confirm` and `prompt` wait for the
        /// client's alert commands instead of reaching the page's ``DialogPresenting``.
        public var isControlledByAutomation = false

        @MainActor
        public init(
            websiteDataStore: WebsiteDataStore = .default(), applicationNameForUserAgent: String? = nil,
            urlSchemeHandlers: [URLScheme: any URLSchemeHandler] = [:],
            userContentController: UserContentController = UserContentController()
        ) {
            self.userContentController = userContentController
            self.websiteDataStore = websiteDataStore
            self.applicationNameForUserAgent = applicationNameForUserAgent
            self.urlSchemeHandlers = urlSchemeHandlers
        }
    }
}

/// Where pages keep cookies, caches and other website data.
///
/// Pages that share a store share a WebKitGTK web context, and with it their network
/// process and data. The ``default()`` store keeps data on disk under the XDG data and
/// cache directories; a ``nonPersistent()`` store keeps it in memory and forgets it when
/// the store's last page goes.
@MainActor
public final class WebsiteDataStore {
    let context: GObjectReference
    /// Whether the store keeps nothing on disk.
    public let isPersistent: Bool

    private init(context: GObjectReference, isPersistent: Bool) {
        self.context = context
        self.isPersistent = isPersistent
    }

    private static var shared: WebsiteDataStore?

    /// The store every page uses unless told otherwise: WebKitGTK's default web context.
    public static func `default`() -> WebsiteDataStore {
        if let shared { return shared }
        GTK.prepare()
        let store = WebsiteDataStore(
            context: GObjectReference(retaining: OpaquePointer(webkit_web_context_get_default()!)), isPersistent: true)
        shared = store
        return store
    }

    /// A new store that keeps everything in memory.
    public static func nonPersistent() -> WebsiteDataStore {
        GTK.prepare()
        let manager = webkit_website_data_manager_new_ephemeral()!
        defer { g_object_unref(manager) }
        let context = webkit_web_context_new_with_website_data_manager(manager)!
        return WebsiteDataStore(context: GObjectReference(adopting: OpaquePointer(context)), isPersistent: false)
    }
}
