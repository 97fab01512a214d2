internal import CWebKitGTK
import Foundation
import GLibBridge

/// Scripts, style sheets and message handlers that pages add to their documents.
///
///     let content = UserContentController()
///     content.add(UserScript(source: "document.body.dataset.app = 'lakes'", injectionTime: .atDocumentEnd))
///     content.addScriptMessageHandler(name: "log", allowedOrigins: ["lakes:"]) { message in
///         print(message.body)
///     }
///     content.addScriptMessageHandlerWithReply(name: "depth") { message in
///         try await depths.lookUp(message.body as? String)
///     }
///     var configuration = WebPage.Configuration()
///     configuration.userContentController = content
///
/// A page's script posts with `window.webkit.messageHandlers.<name>.postMessage(body)`;
/// with a reply handler, `postMessage` returns a promise of the handler's answer. One
/// controller may serve several pages; what is added or removed applies to all of them,
/// from their next document on (message handlers at once).
@MainActor
public final class UserContentController {
    public init() {}

    private(set) var scripts: [UserScript] = []
    private(set) var styleSheets: [UserStyleSheet] = []
    private(set) var handlers: [HandlerKey: Handler] = [:]
    private var pages: [WeakPage] = []

    struct HandlerKey: Hashable {
        let name: String
        let world: WebPage.ContentWorld
    }

    struct Handler {
        let allowedOrigins: Set<String>?
        let receive: @MainActor (ScriptMessage) async throws -> Any?
        let replies: Bool
    }

    private final class WeakPage {
        weak var page: WebPage?
        init(_ page: WebPage) { self.page = page }
    }

    // MARK: Scripts and style sheets

    /// Adds a script to every document the pages load from now on.
    public func add(_ script: UserScript) {
        scripts.append(script)
        forEachPage { $0.userContent.install(script) }
    }

    /// Removes every script added.
    public func removeAllUserScripts() {
        scripts.removeAll()
        forEachPage { $0.userContent.removeAllScripts() }
    }

    /// Adds a style sheet to every document the pages load from now on.
    public func add(_ styleSheet: UserStyleSheet) {
        styleSheets.append(styleSheet)
        forEachPage { $0.userContent.install(styleSheet) }
    }

    /// Removes every style sheet added.
    public func removeAllUserStyleSheets() {
        styleSheets.removeAll()
        forEachPage { $0.userContent.removeAllStyleSheets() }
    }

    // MARK: Content rules

    private(set) var ruleLists: [ContentRuleList] = []

    /// Applies compiled content rules to the pages' loads from now on.
    public func add(_ ruleList: ContentRuleList) {
        guard !ruleLists.contains(where: { $0 === ruleList }) else { return }
        ruleLists.append(ruleList)
        forEachPage { $0.userContent.install(ruleList) }
    }

    /// Stops applying `ruleList`.
    public func remove(_ ruleList: ContentRuleList) {
        ruleLists.removeAll { $0 === ruleList }
        forEachPage { $0.userContent.uninstall(ruleList) }
    }

    /// Stops applying every content rule list.
    public func removeAllContentRuleLists() {
        ruleLists.removeAll()
        forEachPage { $0.userContent.uninstallAllRuleLists() }
    }

    // MARK: Message handlers

    /// Receives one-way messages posted to `name` in `contentWorld`.
    ///
    /// - Parameters:
    ///   - allowedOrigins: Where messages may come from: origins such as
    ///     `"https://example.org"`, or whole schemes such as `"lakes:"`. A message from any
    ///     other page is dropped before it reaches Swift. Default: nil, any page.
    public func addScriptMessageHandler(
        name: String, contentWorld: WebPage.ContentWorld = .page, allowedOrigins: Set<String>? = nil,
        _ receive: @escaping @MainActor (ScriptMessage) -> Void
    ) {
        register(
            name: name, world: contentWorld,
            Handler(
                allowedOrigins: allowedOrigins,
                receive: {
                    receive($0); return nil
                }, replies: false))
    }

    /// Answers messages posted to `name` in `contentWorld`: `postMessage` returns a promise
    /// that resolves with what `reply` returns (any JSON-able value) or rejects with the
    /// description of what it throws.
    public func addScriptMessageHandlerWithReply(
        name: String, contentWorld: WebPage.ContentWorld = .page, allowedOrigins: Set<String>? = nil,
        _ reply: @escaping @MainActor (ScriptMessage) async throws -> Any?
    ) {
        register(
            name: name, world: contentWorld, Handler(allowedOrigins: allowedOrigins, receive: reply, replies: true))
    }

    /// Removes the handler for `name` in `contentWorld`.
    public func removeScriptMessageHandler(name: String, contentWorld: WebPage.ContentWorld = .page) {
        let key = HandlerKey(name: name, world: contentWorld)
        guard handlers.removeValue(forKey: key) != nil else { return }
        forEachPage { $0.userContent.unregister(key) }
    }

    private func register(name: String, world: WebPage.ContentWorld, _ handler: Handler) {
        let key = HandlerKey(name: name, world: world)
        if handlers[key] != nil { removeScriptMessageHandler(name: name, contentWorld: world) }
        handlers[key] = handler
        forEachPage { $0.userContent.register(key, replies: handler.replies) }
    }

    // MARK: Pages

    func attach(_ page: WebPage) {
        pages.append(WeakPage(page))
    }

    private func forEachPage(_ body: (WebPage) -> Void) {
        pages.removeAll { $0.page == nil || $0.page!.isClosed }
        for page in pages.compactMap(\.page) { body(page) }
    }
}

/// A script added to documents.
public struct UserScript: Sendable, Hashable {
    /// When the script runs.
    public enum InjectionTime: Sendable, Hashable {
        /// Before the document's own scripts, when the `<html>` element exists.
        case atDocumentStart
        /// When the document has been parsed, before subresources finish.
        case atDocumentEnd
    }

    public var source: String
    public var injectionTime: InjectionTime
    /// Whether only the main frame gets it (not iframes). Default: true.
    public var forMainFrameOnly: Bool
    /// The world it runs in. Default: the page's.
    public var contentWorld: WebPage.ContentWorld
    /// URL patterns (`lakes://*/*`, `https://*.example.org/*`) it is limited to; empty: all.
    public var allowedURLPatterns: [String]
    /// URL patterns it never runs on.
    public var blockedURLPatterns: [String]

    public init(
        source: String, injectionTime: InjectionTime, forMainFrameOnly: Bool = true,
        contentWorld: WebPage.ContentWorld = .page, allowedURLPatterns: [String] = [],
        blockedURLPatterns: [String] = []
    ) {
        self.source = source
        self.injectionTime = injectionTime
        self.forMainFrameOnly = forMainFrameOnly
        self.contentWorld = contentWorld
        self.allowedURLPatterns = allowedURLPatterns
        self.blockedURLPatterns = blockedURLPatterns
    }
}

/// A style sheet added to documents, with the priority of the page's own (author) sheets.
public struct UserStyleSheet: Sendable, Hashable {
    public var source: String
    /// Whether only the main frame gets it. Default: true.
    public var forMainFrameOnly: Bool
    /// URL patterns it is limited to; empty: all.
    public var allowedURLPatterns: [String]
    /// URL patterns it never applies to.
    public var blockedURLPatterns: [String]

    public init(
        source: String, forMainFrameOnly: Bool = true, allowedURLPatterns: [String] = [],
        blockedURLPatterns: [String] = []
    ) {
        self.source = source
        self.forMainFrameOnly = forMainFrameOnly
        self.allowedURLPatterns = allowedURLPatterns
        self.blockedURLPatterns = blockedURLPatterns
    }
}

/// A message a page posted to a handler.
public struct ScriptMessage: @unchecked Sendable {
    /// The handler's name.
    public let name: String
    /// The body, decoded from JSON: strings, numbers, booleans, arrays, dictionaries, `NSNull`.
    public let body: Any
    /// The world it was posted from.
    public let world: WebPage.ContentWorld
    /// The URL of the page that posted it (its main document).
    public let url: URL?

    /// The origin of ``url``: `scheme://host[:port]`, or `scheme:` for URLs without a host.
    public var origin: String? { url.map(ScriptMessage.origin(of:)) }

    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        guard let host = url.host()?.lowercased(), !host.isEmpty else { return "\(scheme):" }
        return url.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }

    /// Whether a message from `url` passes `allowed` (origins, or `scheme:` for a scheme).
    static func isAllowed(_ url: URL?, by allowed: Set<String>?) -> Bool {
        guard let allowed else { return true }
        guard let url, let scheme = url.scheme?.lowercased() else { return false }
        return allowed.contains(origin(of: url)) || allowed.contains("\(scheme):")
    }
}
