internal import CWebKitGTK
import Foundation
import GLibBridge

/// One page's `WebKitUserContentManager`, kept in step with its ``WKUserContentController``.
@MainActor
final class PageUserContent {
    let manager: GObjectReference
    unowned let controller: WKUserContentController
    weak var page: WebPage?
    private var connections: [WKUserContentController.HandlerKey: SignalConnection] = [:]
    /// Scripts the page sets at run time by name (media suspension, CSS media type,
    /// security), kept apart from the controller's: they survive ``removeAllScripts()``.
    private var ownScripts: [String: OpaquePointer] = [:]
    var ownHandlers: [String: SignalConnection] = [:]
    /// The handlers reached through ``ScriptMessageGate``, by name, and whether each replies.
    var gated: [String: Bool] = [:]
    /// The handlers and origins whose refused messages were logged.
    private var refusalsLogged: Set<String> = []

    init(controller: WKUserContentController) {
        manager = GObjectReference(adopting: OpaquePointer(webkit_user_content_manager_new()!))
        LiveObjects.track(manager.pointer)
        self.controller = controller
        LiveObjects.created("PageUserContent")
    }

    var raw: UnsafeMutablePointer<WebKitUserContentManager> { manager.cast() }

    /// A script of the page's own: its source, when it runs, its world, and the handler it
    /// posts to, whose messages (as JSON text) go to `receive`.
    struct PageScript {
        let source: String
        let injectionTime: WKUserScriptInjectionTime
        let world: WKContentWorld
        let handlerName: String
        /// Whether the script runs only once the page asks for it (``startPageScript(_:)``):
        /// until then its documents go without it.
        var onDemand = false
        /// Gets each message's body, a value of the app's JavaScript context.
        let receive: @MainActor (WebPage, UnsafeMutablePointer<JSCValue>) -> Void
    }

    /// The page's own scripts: the scroll-geometry, document-title and download-link reporters.
    static let pageScripts = [
        PageScript(
            source: WebPage.scrollReporterSource, injectionTime: .atDocumentEnd, world: WebPage.scrollWorld,
            handlerName: WebPage.scrollHandlerName, onDemand: true
        ) { page, value in
            page.receiveScrollReport(value)
        },
        PageScript(
            source: WebPage.titleReporterSource, injectionTime: .atDocumentEnd, world: WebPage.titleWorld,
            handlerName: WebPage.titleHandlerName
        ) { page, value in
            if let title = jsonText(of: value).flatMap(decodedString) { page.receiveDocumentTitle(title) }
        },
        PageScript(
            source: WebPage.downloadLinkReporterSource, injectionTime: .atDocumentStart, world: WebPage.linkWorld,
            handlerName: WebPage.downloadLinkHandlerName
        ) { page, value in
            if let link = jsonText(of: value).flatMap(decodedString) { page.receiveDownloadLink(link) }
        },
    ]

    /// Installs everything the controller holds, and follows it from now on. The page's
    /// own scripts are installed first, each in a world of its own.
    func attach(to page: WebPage) {
        self.page = page
        installPageScripts()
        for script in Self.pageScripts {
            registerOwnHandler(
                script.handlerName, world: script.world,
                receivingValues: { [weak page] value in
                    if let page { script.receive(page, value) }
                })
        }
        openGate()
        for script in controller.scripts { install(script) }
        for sheet in controller.styleSheets { install(sheet) }
        for (key, handler) in controller.handlers { register(key, replies: handler.replies) }
        for ruleList in controller.ruleLists { install(ruleList) }
        controller.attach(page)
    }

    func install(_ script: WKUserScript) {
        let made = makeUserScript(script)
        webkit_user_content_manager_add_script(raw, made)
        webkit_user_script_unref(made)
    }

    /// A new `WebKitUserScript` for `script` (transfer full: the caller unrefs it).
    private func makeUserScript(_ script: WKUserScript) -> OpaquePointer {
        withPatterns(script.allowedURLPatterns, script.blockedURLPatterns) { allow, block in
            let frames =
                script.isForMainFrameOnly ? WEBKIT_USER_CONTENT_INJECT_TOP_FRAME : WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES
            let time =
                script.injectionTime == .atDocumentStart
                ? WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START : WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END
            if let world = script.contentWorld.name {
                return webkit_user_script_new_for_world(script.source, frames, time, world, allow, block)
            }
            return webkit_user_script_new(script.source, frames, time, allow, block)
        }
    }

    func install(_ sheet: UserStyleSheet) {
        let made = withPatterns(sheet.allowedURLPatterns, sheet.blockedURLPatterns) { allow, block in
            webkit_user_style_sheet_new(
                sheet.source,
                sheet.forMainFrameOnly ? WEBKIT_USER_CONTENT_INJECT_TOP_FRAME : WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES,
                WEBKIT_USER_STYLE_LEVEL_AUTHOR, allow, block)
        }
        webkit_user_content_manager_add_style_sheet(raw, made)
        webkit_user_style_sheet_unref(made)
    }

    func install(_ ruleList: ContentRuleList) { webkit_user_content_manager_add_filter(raw, ruleList.filter) }
    func uninstall(_ ruleList: ContentRuleList) { webkit_user_content_manager_remove_filter(raw, ruleList.filter) }
    func uninstallAllRuleLists() {
        webkit_user_content_manager_remove_all_filters(raw)
        if let ownRuleList { install(ownRuleList) }  // the page's own, not the app's to remove
    }

    /// A rule list of the page's own configuration, kept when the app removes its lists.
    private var ownRuleList: ContentRuleList?

    func installOwn(_ ruleList: ContentRuleList) {
        ownRuleList = ruleList
        install(ruleList)
    }

    /// Whether the sheet that turns off text selection is installed.
    private(set) var textSelectionDisabled = false
    private var noSelectionSheet: OpaquePointer?

    func setTextSelectionDisabled(_ disabled: Bool) {
        guard disabled != textSelectionDisabled else { return }
        textSelectionDisabled = disabled
        if disabled {
            let sheet = webkit_user_style_sheet_new(
                "* { -webkit-user-select: none !important; user-select: none !important; }",
                WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES, WEBKIT_USER_STYLE_LEVEL_USER, nil, nil)!
            noSelectionSheet = sheet
            webkit_user_content_manager_add_style_sheet(raw, sheet)
        } else if let sheet = noSelectionSheet {
            webkit_user_content_manager_remove_style_sheet(raw, sheet)
            webkit_user_style_sheet_unref(sheet)
            noSelectionSheet = nil
        }
    }

    func removeAllScripts() {
        webkit_user_content_manager_remove_all_scripts(raw)
        installPageScripts()  // the page's own, not the app's to remove
        for script in ownScripts.values { webkit_user_content_manager_add_script(raw, script) }
    }

    /// Installs `source` as the page's own script `name`, run at document start in `world`
    /// of the main frame, replacing any earlier script of that name; nil removes it.
    func setOwnScript(_ name: String, source: String?, world: WKContentWorld, allFrames: Bool = false) {
        if let old = ownScripts.removeValue(forKey: name) {
            webkit_user_content_manager_remove_script(raw, old)
            webkit_user_script_unref(old)
        }
        guard let source else { return }
        let script = makeUserScript(
            WKUserScript(source: source, injectionTime: .atDocumentStart, forMainFrameOnly: !allFrames, in: world))
        webkit_user_content_manager_add_script(raw, script)
        ownScripts[name] = script
    }

    /// Registers the page's own message handler `name` in `world`; `receive` gets each
    /// message's body as JSON text.
    func registerOwnHandler(
        _ name: String, world: WKContentWorld, receive: @escaping @MainActor (String) -> Void
    ) {
        registerOwnHandler(
            name, world: world,
            receivingValues: { value in
                if let json = jsonText(of: value) { receive(json) }
            })
    }

    /// Registers the page's own message handler `name` in `world`; `receive` gets each
    /// message's body as it is, a value of the app's JavaScript context, to read in place.
    func registerOwnHandler(
        _ name: String, world: WKContentWorld,
        receivingValues receive: @escaping @MainActor (UnsafeMutablePointer<JSCValue>) -> Void
    ) {
        ownHandlers[name] = manager.connect("script-message-received::\(name)") { arguments in
            if let value = Self.messageValue(arguments) { receive(UnsafeMutablePointer(value)) }
            return nil
        }
        webkit_user_content_manager_register_script_message_handler_in_world(raw, name, world.name)
    }

    isolated deinit {
        for script in ownScripts.values { webkit_user_script_unref(script) }
        if let noSelectionSheet { webkit_user_style_sheet_unref(noSelectionSheet) }
        LiveObjects.destroyed("PageUserContent")
    }

    /// The page's own scripts run in its documents: all but those on demand that were not
    /// asked for.
    private func installPageScripts() {
        for script in Self.pageScripts where !script.onDemand || startedScripts.contains(script.handlerName) {
            install(WKUserScript(source: script.source, injectionTime: script.injectionTime, in: script.world))
        }
    }

    /// The handler names of the on-demand page scripts that were asked for.
    private var startedScripts: Set<String> = []

    /// Runs the on-demand page script of `handlerName` in every document from the next one
    /// on; returns false when it already did.
    func startPageScript(_ handlerName: String) -> Bool {
        guard !startedScripts.contains(handlerName),
            let script = Self.pageScripts.first(where: { $0.handlerName == handlerName && $0.onDemand })
        else { return false }
        startedScripts.insert(handlerName)
        install(WKUserScript(source: script.source, injectionTime: script.injectionTime, in: script.world))
        return true
    }

    func removeAllStyleSheets() {
        webkit_user_content_manager_remove_all_style_sheets(raw)
        if let sheet = noSelectionSheet { webkit_user_content_manager_add_style_sheet(raw, sheet) }  // the view's own
    }

    func register(_ key: WKUserContentController.HandlerKey, replies: Bool) {
        if Self.isGated(key, controller.handlers[key]) {
            gated[key.name] = replies
            updateGatedHandlers()
            return
        }
        let world = key.world.name
        let signal =
            replies ? "script-message-with-reply-received::\(key.name)" : "script-message-received::\(key.name)"
        connections[key] = manager.connect(signal) { [weak self] arguments in
            guard let self else { return false }
            receive(key, value: Self.messageValue(arguments), reply: replies ? arguments.pointer(2) : nil)
            return replies ? true : nil
        }
        if replies {
            webkit_user_content_manager_register_script_message_handler_with_reply(raw, key.name, world)
        } else if let world {
            webkit_user_content_manager_register_script_message_handler_in_world(raw, key.name, world)
        } else {
            webkit_user_content_manager_register_script_message_handler(raw, key.name)
        }
    }

    func unregister(_ key: WKUserContentController.HandlerKey) {
        if key.world == .page, gated.removeValue(forKey: key.name) != nil {
            updateGatedHandlers()
            return
        }
        if let world = key.world.name {
            webkit_user_content_manager_unregister_script_message_handler_in_world(raw, key.name, world)
        } else {
            webkit_user_content_manager_unregister_script_message_handler(raw, key.name)
        }
        connections.removeValue(forKey: key)?.disconnect()
    }

    /// A message's `JSCValue`: the signal passes it directly, or inside the older
    /// `WebKitJavascriptResult` box, depending on the WebKitGTK version. Its `JSCContext`
    /// is kept for the next message's value (``ValueContext``).
    static func messageValue(_ arguments: SignalArguments) -> OpaquePointer? {
        let value: UnsafeMutablePointer<JSCValue>
        if arguments.isObject(1) {
            guard let object = arguments.object(1) else { return nil }
            value = UnsafeMutablePointer(object)
        } else {
            // Without `Optional.map`: a main-actor closure handed to the standard library
            // checks its isolation at run time, and this runs for every message.
            guard let result = arguments.pointer(1), let resultValue = webkit_javascript_result_get_js_value(result)
            else { return nil }
            value = resultValue
        }
        ValueContext.keep(contextOf: value)
        return OpaquePointer(value)
    }

    /// Decodes a message and hands it to its handler; malformed ones are logged and dropped.
    /// Both kinds of handler start at once, as ``deliver(_:to:answer:)`` says.
    private func receive(_ key: WKUserContentController.HandlerKey, value: OpaquePointer?, reply: OpaquePointer?) {
        // WebKitGTK names the handler, not the world: where the page's world has a handler of
        // this name and kind, the message may be the page's, and goes to that handler alone.
        if key.world != .page, let pageHandler = controller.handlers[.init(name: key.name, world: .page)],
            pageHandler.replies == (reply != nil), !Self.isGated(.init(name: key.name, world: .page), pageHandler)
        {
            return
        }
        let answer = ScriptReply(reply: reply, value: value)
        guard let handler = controller.handlers[key], let page, !page.isClosed else {
            answer?.fail("no handler for \(key.name)")
            return
        }
        // The document that posted is the one committed, not one a navigation is loading.
        let url = page.documentURL
        guard WKScriptMessage.isAllowed(url, by: handler.allowedOrigins) else {
            refuse(key.name, from: url, answer: answer)
            return
        }
        guard let value else { return }
        let body: Any
        do {
            body = try WKScriptMessage.body(of: value)
        } catch {
            Log.library.message("dropped a message to \(key.name): \(error)")
            answer?.fail(error.description)
            return
        }
        deliver(WKScriptMessage(name: key.name, body: body, world: key.world, url: url), to: handler, answer: answer)
    }

    /// Drops a message from a page that may not post to `name`. The first from each origin
    /// is logged; a page that keeps trying does not fill the log.
    func refuse(_ name: String, from url: URL?, answer: ScriptReply?) {
        let origin = url.map(WKScriptMessage.origin(of:)) ?? "an unknown page"
        if refusalsLogged.insert("\(name) \(origin)").inserted {
            Log.library.message(
                "dropped a message to \(name) from \(origin): origin not allowed; more are dropped silently")
        }
        answer?.fail("this page may not post to \(name)")
    }

    /// Hands `message` to its handler. Both kinds start inside WebKit's signal, as a C
    /// handler does: a handler with a reply runs until it first waits, and one that answers
    /// without waiting answers at once, with no turn of the main loop first.
    func deliver(_ message: WKScriptMessage, to handler: WKUserContentController.Handler, answer: ScriptReply?) {
        switch handler.receive {
        case .oneWay(let receive):
            receive(message)
        case .reply(let receive):
            Task.immediate { @MainActor in
                do {
                    answer?.succeed(try await receive(message))
                } catch {
                    answer?.fail(String(describing: error))
                }
            }
        }
    }

    private func withPatterns<R>(
        _ allow: [String], _ block: [String],
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<CChar>?>?) -> R
    ) -> R {
        withNullTerminatedCStrings(allow, emptyIsNull: true) { allowed in
            withNullTerminatedCStrings(block, emptyIsNull: true) { blocked in body(allowed, blocked) }
        }
    }
}
