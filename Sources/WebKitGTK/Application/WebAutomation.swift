internal import CWebKitGTK
import Foundation
import GLibBridge

/// Lets WebDriver clients drive an app's pages through WebKitGTK's `WebKitWebDriver`.
///
/// An addition of this library.
///
/// Create it before the first page of its data store, and make every page you hand it with
/// ``WebPage/Configuration/isControlledByAutomation`` set:
///
///     let store = WKWebsiteDataStore.nonPersistent()
///     let automation = WebAutomation(dataStore: store, browserName: "lakes", browserVersion: "1.0") { _ in
///         var configuration = WebPage.Configuration(websiteDataStore: store)
///         configuration.isControlledByAutomation = true
///         let page = WebPage(configuration: configuration)
///         showInNewWindow(page)  // a page must be in a window to receive input
///         return page
///     }
///
/// A client connects in one of two ways: `WebKitWebDriver` starts the app itself, from the
/// capability `webkitgtk:browserOptions` (`binary` and `args`), or it attaches with
/// `--target=HOST:PORT` to an app started with `WEBKIT_INSPECTOR_SERVER=HOST:PORT`. Either
/// way the client's `browserName` must equal ``browserName``.
///
/// Only one data store per process can be automated; a second `WebAutomation` on another
/// store is refused by WebKit and never starts a session.
@MainActor
public final class WebAutomation {
    /// What a client asked a new browsing context to be.
    public enum BrowsingContextKind: Sendable, Equatable {
        /// A top-level window (a new session's first context, or "New Window").
        case window
        /// A tab, for apps that have them; others may answer with a window.
        case tab
    }

    /// The name clients match their `browserName` capability against.
    public let browserName: String
    /// The version reported to clients as `browserVersion`: up to three numbers, `1.2.3`.
    public let browserVersion: String
    /// The ids of the sessions now open, oldest first. (WebKitGTK before 2.46 does not say
    /// when a session ends; there the list only grows.)
    public private(set) var sessionIDs: [String] = []

    private let dataStore: WKWebsiteDataStore
    private let makePage: @MainActor (BrowsingContextKind) -> WebPage?
    private var connections: [SignalConnection] = []

    /// Allows automation of the pages of `dataStore`.
    ///
    /// It turns automation on for the store's web context
    /// (`webkit_web_context_set_automation_allowed`) and answers each session's
    /// `create-web-view` with a page from `makePage`.
    ///
    /// - Parameters:
    ///   - dataStore: The store whose pages clients may drive; make it before its first page.
    ///   - browserName: The name reported to sessions, which a client's `browserName`
    ///     capability must equal.
    ///   - browserVersion: The version reported to sessions, as up to three numbers
    ///     (`"1.2.3"`); missing or unreadable parts are 0.
    ///   - makePage: Called when a client asks for a browsing context. Return a page made
    ///     with ``WebPage/Configuration/isControlledByAutomation`` and this data store, shown
    ///     in a window, and kept alive by the app; or nil to refuse. A page may be one the app
    ///     already shows, such as its first window's, if no session has it yet.
    public init(
        dataStore: WKWebsiteDataStore, browserName: String, browserVersion: String,
        makePage: @escaping @MainActor (BrowsingContextKind) -> WebPage?
    ) {
        self.dataStore = dataStore
        self.browserName = browserName
        self.browserVersion = browserVersion
        self.makePage = makePage
        let context = dataStore.context
        webkit_web_context_set_automation_allowed(context.cast(), cwk_true)
        connections.append(
            context.connect("automation-started") { [weak self] arguments in
                guard let self, let session = arguments.object(1) else { return nil }
                started(GObjectReference(retaining: session))
                return nil
            })
    }

    /// Whether WebKit accepted automation for the data store (false when another store in
    /// the process has it).
    public var isAllowed: Bool {
        webkit_web_context_is_automation_allowed(dataStore.context.cast()) != 0
    }

    private func started(_ session: GObjectReference) {
        let id = String(optionalCString: webkit_automation_session_get_id(session.cast())) ?? ""
        sessionIDs.append(id)
        let info = webkit_application_info_new()!
        defer { webkit_application_info_unref(info) }
        webkit_application_info_set_name(info, browserName)
        let version = Self.versionNumbers(browserVersion).map { guint64($0) }
        webkit_application_info_set_version(info, version[0], version[1], version[2])
        webkit_automation_session_set_application_info(session.cast(), info)

        session.connect(
            "create-web-view",
            returningObject: { [weak self] arguments in
                guard let self, let session = arguments.object(0) else { return nil }
                let kind = Self.requestedKind(session)
                guard let page = makePage(kind) else { return nil }
                guard page.configuration.isControlledByAutomation, !page.isClosed else {
                    Log.library.warning("the page made for an automation session is not controlled by automation")
                    return nil
                }
                return page.view.pointer
            }
        ).keepForever()
        // WebKitGTK tells when a session ends from 2.46 on; before, ids stay listed.
        if g_signal_lookup("will-close", webkit_automation_session_get_type()) != 0 {
            session.connect("will-close") { [weak self] _ in
                self?.sessionIDs.removeAll { $0 == id }
                return nil
            }.keepForever()
        }
    }

    /// The kind the emission's detail names (`create-web-view::tab` or `::window`).
    private static func requestedKind(_ session: OpaquePointer) -> BrowsingContextKind {
        guard let hint = g_signal_get_invocation_hint(UnsafeMutableRawPointer(session)), hint.pointee.detail != 0,
            let detail = g_quark_to_string(hint.pointee.detail)
        else { return .window }
        return String(cString: detail) == "tab" ? .tab : .window
    }

    /// `"1.2.3"` as `[1, 2, 3]`; missing or unreadable parts are 0.
    static func versionNumbers(_ version: String) -> [Int] {
        let parts = version.split(separator: ".").prefix(3).map { Int($0.prefix { $0.isNumber }) ?? 0 }
        return parts + Array(repeating: 0, count: 3 - parts.count)
    }
}
