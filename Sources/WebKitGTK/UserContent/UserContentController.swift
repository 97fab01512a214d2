import Foundation
import GLibBridge

/// Scripts, style sheets and message handlers that pages add to their documents.
///
///     let content = WKUserContentController()
///     content.addUserScript(
///         WKUserScript(source: "document.body.dataset.app = 'lakes'", injectionTime: .atDocumentEnd,
///                      forMainFrameOnly: true))
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
///
/// Apple's `WKUserContentController`, over WebKitGTK's `WebKitUserContentManager`.
/// Handlers come as Apple's delegate objects (``add(_:name:)``,
/// ``addScriptMessageHandler(_:contentWorld:name:)``) or as closures, which may also
/// restrict the origins allowed to post.
@MainActor
public final class WKUserContentController {
    /// An empty controller.
    public init() {}

    private(set) var scripts: [WKUserScript] = []

    /// The scripts added, in order.
    public var userScripts: [WKUserScript] { scripts }
    private(set) var styleSheets: [UserStyleSheet] = []
    private(set) var handlers: [HandlerKey: Handler] = [:]
    private var pages: [WeakPage] = []

    struct HandlerKey: Hashable {
        let name: String
        let world: WKContentWorld
    }

    struct Handler {
        let allowedOrigins: Set<String>?
        let receive: Receive

        /// What a message is handed to.
        enum Receive {
            /// A one-way handler, called as the message arrives, in the order they come.
            case oneWay(@MainActor (WKScriptMessage) -> Void)
            /// A handler whose answer the page's promise waits for.
            case reply(@MainActor (WKScriptMessage) async throws -> Any?)
        }

        /// Whether the page's `postMessage` returns a promise of an answer.
        var replies: Bool {
            if case .reply = receive { return true }
            return false
        }
    }

    private final class WeakPage {
        weak var page: WebPage?
        init(_ page: WebPage) { self.page = page }
    }

    // MARK: Scripts and style sheets

    /// Adds a script to every document the pages load from now on.
    ///
    /// `webkit_user_content_manager_add_script`, on each page's user content manager.
    ///
    /// - Parameter script: The script, with when and where it runs.
    public func addUserScript(_ script: WKUserScript) {
        scripts.append(script)
        forEachPage { $0.userContent.install(script) }
    }

    /// Removes every script added, from the pages' next documents on.
    public func removeAllUserScripts() {
        scripts.removeAll()
        forEachPage { $0.userContent.removeAllScripts() }
    }

    /// Adds a style sheet to every document the pages load from now on.
    ///
    /// `webkit_user_content_manager_add_style_sheet`. An addition of this library: Apple's
    /// controller has no style sheets.
    ///
    /// - Parameter styleSheet: The style sheet, with where it applies.
    public func add(_ styleSheet: UserStyleSheet) {
        styleSheets.append(styleSheet)
        forEachPage { $0.userContent.install(styleSheet) }
    }

    /// Removes every style sheet added, from the pages' next documents on.
    public func removeAllUserStyleSheets() {
        styleSheets.removeAll()
        forEachPage { $0.userContent.removeAllStyleSheets() }
    }

    // MARK: Content rules

    private(set) var ruleLists: [ContentRuleList] = []

    /// Applies compiled content rules to the pages' loads from now on.
    ///
    /// Adding a list already added does nothing. `webkit_user_content_manager_add_filter`.
    ///
    /// - Parameter ruleList: Rules compiled by a ``ContentRuleListStore``.
    public func add(_ ruleList: ContentRuleList) {
        guard !ruleLists.contains(where: { $0 === ruleList }) else { return }
        ruleLists.append(ruleList)
        forEachPage { $0.userContent.install(ruleList) }
    }

    /// Stops applying `ruleList`.
    ///
    /// - Parameter ruleList: A list added with ``add(_:)-(ContentRuleList)``; any other is ignored.
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
    ///     content.addScriptMessageHandler(name: "log", allowedOrigins: ["lakes:"]) { message in
    ///         print(message.body)
    ///     }
    ///     // in the page: window.webkit.messageHandlers.log.postMessage({ level: "info" })
    ///
    /// A handler already registered under `name` in that world is replaced. A message whose
    /// body is not JSON is logged and dropped. WebKitGTK does not say which world posted a
    /// message: a name used both in the page's world and in an isolated one reaches only the
    /// page's handler, so that a page cannot post as the app's scripts. Names starting
    /// `webkitgtkSwift` are the library's own; adding one is logged and ignored. An
    /// addition of this library beside Apple's
    /// ``add(_:contentWorld:name:)``. WebKitGTK's
    /// `webkit_user_content_manager_register_script_message_handler` and its
    /// `script-message-received` signal.
    ///
    /// - Parameters:
    ///   - name: The handler's name: `window.webkit.messageHandlers.<name>`.
    ///   - contentWorld: The world whose script may post to it. Default: ``WKContentWorld/page``.
    ///   - allowedOrigins: Where messages may come from: origins such as
    ///     `"https://example.org"`, or whole schemes such as `"lakes:"`. In the page's world
    ///     this is the origin of the frame that posts: an iframe of another origin is
    ///     refused like any other page, and the message's ``WKScriptMessage/frameInfo``
    ///     names the frame. In an isolated world, which only the app's scripts reach, it is
    ///     the origin of the page's main document. A message from anywhere else is dropped
    ///     before it reaches Swift (the first from each origin is logged). Default: nil,
    ///     any page.
    ///   - receive: Called on the main actor with each message.
    public func addScriptMessageHandler(
        name: String, contentWorld: WKContentWorld = .page, allowedOrigins: Set<String>? = nil,
        _ receive: @escaping @MainActor (WKScriptMessage) -> Void
    ) {
        register(
            name: name, world: contentWorld,
            Handler(allowedOrigins: allowedOrigins, receive: .oneWay(receive)))
    }

    /// Answers messages posted to `name` in `contentWorld`: `postMessage` returns a promise
    /// that resolves with what `reply` returns (any JSON-able value) or rejects with the
    /// description of what it throws.
    ///
    ///     content.addScriptMessageHandlerWithReply(name: "depth") { message in
    ///         ["lake": message.body, "metres": 1642]
    ///     }
    ///     // in the page: const answer = await window.webkit.messageHandlers.depth.postMessage("Baikal")
    ///
    /// `reply` starts as the message arrives, on the main actor, and runs until it first
    /// waits; one that needs no waiting answers at once. A handler already registered under
    /// `name` in that world is replaced. An addition of this library beside Apple's
    /// ``addScriptMessageHandler(_:contentWorld:name:)``.
    /// WebKitGTK's `webkit_user_content_manager_register_script_message_handler_with_reply`.
    ///
    /// - Parameters:
    ///   - name: The handler's name: `window.webkit.messageHandlers.<name>`.
    ///   - contentWorld: The world whose script may post to it. Default: ``WKContentWorld/page``.
    ///   - allowedOrigins: Origins (`"https://example.org"`) or schemes (`"lakes:"`) whose
    ///     frames may post, as for ``addScriptMessageHandler(name:contentWorld:allowedOrigins:_:)``;
    ///     the promise of any other rejects. Default: nil, any page.
    ///   - reply: Returns the value the page's promise resolves with (nil resolves it with
    ///     `null`), or throws to reject it.
    public func addScriptMessageHandlerWithReply(
        name: String, contentWorld: WKContentWorld = .page, allowedOrigins: Set<String>? = nil,
        _ reply: @escaping @MainActor (WKScriptMessage) async throws -> Any?
    ) {
        register(
            name: name, world: contentWorld, Handler(allowedOrigins: allowedOrigins, receive: .reply(reply)))
    }

    /// Receives the messages posted to `name` in the page's world with Apple's delegate
    /// protocol. The controller keeps `scriptMessageHandler` until it is removed.
    ///
    /// - Parameters:
    ///   - scriptMessageHandler: The handler.
    ///   - name: The handler's name: `window.webkit.messageHandlers.<name>`.
    public func add(_ scriptMessageHandler: any WKScriptMessageHandler, name: String) {
        add(scriptMessageHandler, contentWorld: .page, name: name)
    }

    /// Receives the messages posted to `name` in `contentWorld` with Apple's delegate protocol.
    ///
    /// - Parameters:
    ///   - scriptMessageHandler: The handler, kept until it is removed.
    ///   - contentWorld: The world whose script may post to it.
    ///   - name: The handler's name: `window.webkit.messageHandlers.<name>`.
    public func add(_ scriptMessageHandler: any WKScriptMessageHandler, contentWorld: WKContentWorld, name: String) {
        addScriptMessageHandler(name: name, contentWorld: contentWorld) { [unowned self] message in
            scriptMessageHandler.userContentController(self, didReceive: message)
        }
    }

    /// Answers the messages posted to `name` in `contentWorld` with Apple's delegate
    /// protocol: the handler returns a value for the promise, or an error message that
    /// rejects it.
    ///
    /// - Parameters:
    ///   - scriptMessageHandler: The handler, kept until it is removed.
    ///   - contentWorld: The world whose script may post to it.
    ///   - name: The handler's name: `window.webkit.messageHandlers.<name>`.
    public func addScriptMessageHandler(
        _ scriptMessageHandler: any WKScriptMessageHandlerWithReply, contentWorld: WKContentWorld, name: String
    ) {
        addScriptMessageHandlerWithReply(name: name, contentWorld: contentWorld) { [unowned self] message in
            let (value, errorMessage) = await scriptMessageHandler.userContentController(self, didReceive: message)
            if let errorMessage { throw ScriptMessageReplyError(message: errorMessage) }
            return value
        }
    }

    /// Removes the handler for `name` in the page's world.
    ///
    /// - Parameter name: The handler's name; a name with no handler is ignored.
    public func removeScriptMessageHandler(forName name: String) {
        removeScriptMessageHandler(forName: name, contentWorld: .page)
    }

    /// Removes the handler for `name` in `contentWorld`.
    ///
    /// `webkit_user_content_manager_unregister_script_message_handler`.
    ///
    /// - Parameters:
    ///   - name: The handler's name; a name with no handler is ignored.
    ///   - contentWorld: The world it was added in.
    public func removeScriptMessageHandler(forName name: String, contentWorld: WKContentWorld) {
        let key = HandlerKey(name: name, world: contentWorld)
        guard handlers.removeValue(forKey: key) != nil else { return }
        forEachPage { $0.userContent.unregister(key) }
    }

    /// Removes every handler of `contentWorld`.
    ///
    /// - Parameter contentWorld: The world whose handlers go.
    public func removeAllScriptMessageHandlers(from contentWorld: WKContentWorld) {
        for key in handlers.keys where key.world == contentWorld {
            removeScriptMessageHandler(forName: key.name, contentWorld: key.world)
        }
    }

    /// Removes every handler.
    public func removeAllScriptMessageHandlers() {
        for key in handlers.keys { removeScriptMessageHandler(forName: key.name, contentWorld: key.world) }
    }

    /// The start of the names of the library's own handlers, which an app cannot take.
    static let reservedNamePrefix = "webkitgtkSwift"

    private func register(name: String, world: WKContentWorld, _ handler: Handler) {
        guard !name.hasPrefix(Self.reservedNamePrefix) else {
            Log.library.message(
                "ignored the message handler \(name): names starting \(Self.reservedNamePrefix) are taken")
            return
        }
        let key = HandlerKey(name: name, world: world)
        if handlers[key] != nil { removeScriptMessageHandler(forName: name, contentWorld: world) }
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
