internal import CWebKitGTK
import Foundation
import GLibBridge

/// The way into a handler of the page's world that only some origins may post to.
///
/// WebKitGTK does not say which frame posted a message, so a handler registered with the
/// engine cannot tell an iframe of another origin from the page around it. Such a handler
/// is therefore not registered with the engine. Instead a script of the page's own puts
/// its `window.webkit.messageHandlers.<name>.postMessage` in every frame of the page's
/// world; that function hands the body, as JSON, to the gate: a script in an isolated
/// world that listens on the same frame. The gate reads where its frame is itself (the
/// page's script cannot change what an isolated world sees) and posts the body with the
/// frame's URL to the library's own handlers, which only its world has. Swift then checks
/// the frame's origin before the app's handler sees anything. A frame of another origin
/// reaches nothing: its own gate names its own origin, and its parent's document is out
/// of its reach.
enum ScriptMessageGate {
    static let world = WKContentWorld.world(name: "WebKitGTKSwift.gate")
    static let handlerName = "webkitgtkSwiftGate"
    static let replyHandlerName = "webkitgtkSwiftGateReply"
    private static let event = "webkitgtkswiftgate"
    private static let replyEvent = "webkitgtkswiftgatereply"

    /// The gate, run in every frame of its isolated world.
    static let gateSource = """
        (() => {
          const handlers = window.webkit.messageHandlers;
          const reply = (id, ok, value) =>
            dispatchEvent(new CustomEvent('\(replyEvent)', { detail: JSON.stringify([id, ok, value]) }));
          addEventListener('\(event)', (event) => {
            const detail = event.detail;
            if (typeof detail !== 'string') return;
            const end = detail.indexOf('\\n');
            if (end < 0) return;
            let header;
            try { header = JSON.parse(detail.slice(0, end)) } catch (e) { return }
            if (!Array.isArray(header)) return;
            const [name, id, hasBody] = header;
            const message = {
              name: String(name), body: hasBody ? detail.slice(end + 1) : null, url: location.href,
              isMainFrame: window === top };
            if (!id) return handlers.\(handlerName).postMessage(message);
            handlers.\(replyHandlerName).postMessage(message).then(
              (value) => reply(id, true, JSON.stringify(value === undefined ? null : value)),
              (error) => reply(id, false, String(error && error.message !== undefined ? error.message : error)));
          });
        })();
        """

    /// The page's `postMessage` for each handler of `handlers` (its name, and whether it
    /// replies), run in every frame of the page's world before the page's own scripts.
    static func pageSource(for handlers: [(name: String, replies: Bool)]) -> String {
        let list = handlers.map { [$0.name, $0.replies] as [Any] }
        let json = (try? JSONSerialization.data(withJSONObject: list)).map { String(decoding: $0, as: UTF8.self) }
        return """
            (() => {
              const dispatch = EventTarget.prototype.dispatchEvent, Custom = CustomEvent, Settled = Promise;
              const stringify = JSON.stringify, parse = JSON.parse, fail = (text) => new Error(text);
              const waiting = new Map();
              let next = 0;
              let namespace = window.webkit;
              if (!namespace) {
                namespace = { messageHandlers: {} };
                Object.defineProperty(window, 'webkit', { value: namespace });
              }
              addEventListener('\(replyEvent)', (event) => {
                let answer;
                try { answer = parse(event.detail) } catch (e) { return }
                const [id, ok, value] = answer, promise = waiting.get(id);
                if (!promise) return;
                waiting.delete(id);
                if (ok) promise.resolve(parse(value)); else promise.reject(fail(value));
              });
              const post = (name, replies, body) => {
                let json;
                try { json = stringify(body) } catch (e) {}
                const id = replies ? ++next : 0;
                const detail = stringify([name, id, json !== undefined]) + '\\n' + (json === undefined ? '' : json);
                // As the engine's own, a one-way post returns a promise too.
                const answer = replies
                  ? new Settled((resolve, reject) => waiting.set(id, { resolve, reject })) : Settled.resolve();
                dispatch.call(window, new Custom('\(event)', { detail }));
                return answer;
              };
              for (const [name, replies] of \(json ?? "[]")) {
                const handler = Object.freeze({ postMessage: (body) => post(name, replies, body) });
                Object.defineProperty(namespace.messageHandlers, name, { value: handler });
              }
            })();
            """
    }

    /// A message the gate passed on: the handler's name, the body as JSON (nil when it was
    /// not JSON), and the frame that posted it.
    struct Message {
        let name: String
        let bodyJSON: String?
        let url: URL?
        let isMainFrame: Bool

        /// Reads what the gate posted; nil for anything else.
        @MainActor
        init?(_ value: UnsafeMutablePointer<JSCValue>) {
            guard jsc_value_is_object(value) != 0 else { return nil }
            func property(_ name: String) -> UnsafeMutablePointer<JSCValue>? {
                jsc_value_object_get_property(value, name)
            }
            guard let name = property("name") else { return nil }
            defer { g_object_unref(name) }
            guard jsc_value_is_string(name) != 0, let handler = stringText(of: name) else { return nil }
            self.name = handler
            if let body = property("body") {
                bodyJSON = jsc_value_is_string(body) != 0 ? stringText(of: body) : nil
                g_object_unref(body)
            } else {
                bodyJSON = nil
            }
            if let url = property("url") {
                self.url = jsc_value_is_string(url) != 0 ? stringText(of: url).flatMap { URL(string: $0) } : nil
                g_object_unref(url)
            } else {
                url = nil
            }
            if let main = property("isMainFrame") {
                isMainFrame = jsc_value_to_boolean(main) != 0
                g_object_unref(main)
            } else {
                isMainFrame = false
            }
        }
    }
}

/// The page's side of the gate: its scripts, its handlers, and the check of each message.
extension PageUserContent {
    /// Whether the handler of `key` is reached through ``ScriptMessageGate``: one of the
    /// page's world that only some origins may post to.
    static func isGated(_ key: WKUserContentController.HandlerKey, _ handler: WKUserContentController.Handler?)
        -> Bool
    {
        key.world == .page && handler?.allowedOrigins != nil
    }

    /// Installs the gate in every frame, with the library's own handlers it posts to.
    func openGate() {
        setOwnScript("gate", source: ScriptMessageGate.gateSource, world: ScriptMessageGate.world, allFrames: true)
        let world = ScriptMessageGate.world.name
        ownHandlers[ScriptMessageGate.handlerName] = manager.connect(
            "script-message-received::\(ScriptMessageGate.handlerName)"
        ) { [weak self] arguments in
            self?.receiveThroughGate(Self.messageValue(arguments), reply: nil)
            return nil
        }
        webkit_user_content_manager_register_script_message_handler_in_world(raw, ScriptMessageGate.handlerName, world)
        ownHandlers[ScriptMessageGate.replyHandlerName] = manager.connect(
            "script-message-with-reply-received::\(ScriptMessageGate.replyHandlerName)"
        ) { [weak self] arguments in
            self?.receiveThroughGate(Self.messageValue(arguments), reply: arguments.pointer(2))
            return true
        }
        webkit_user_content_manager_register_script_message_handler_with_reply(
            raw, ScriptMessageGate.replyHandlerName, world)
    }

    /// Puts the `postMessage` of each gated handler in the page's documents from the next one on.
    func updateGatedHandlers() {
        let handlers = gated.sorted { $0.key < $1.key }.map { (name: $0.key, replies: $0.value) }
        setOwnScript(
            "gatedHandlers", source: handlers.isEmpty ? nil : ScriptMessageGate.pageSource(for: handlers), world: .page,
            allFrames: true)
    }

    /// Hands a message the gate passed on to its handler, once its frame's origin is allowed.
    private func receiveThroughGate(_ value: OpaquePointer?, reply: OpaquePointer?) {
        let answer = ScriptReply(reply: reply, value: value)
        guard let value, let message = ScriptMessageGate.Message(UnsafeMutablePointer(value)) else {
            answer?.fail("the message could not be read")
            return
        }
        let key = WKUserContentController.HandlerKey(name: message.name, world: .page)
        guard let handler = controller.handlers[key], Self.isGated(key, handler), handler.replies == (reply != nil),
            let page, !page.isClosed
        else {
            answer?.fail("no handler for \(message.name)")
            return
        }
        guard WKScriptMessage.isAllowed(message.url, by: handler.allowedOrigins) else {
            refuse(message.name, from: message.url, answer: answer)
            return
        }
        guard let json = message.bodyJSON,
            let body = try? PageJSON.read(json)
        else {
            Log.library.message("dropped a message to \(message.name): its body is not JSON")
            answer?.fail("the message body is not JSON")
            return
        }
        deliver(
            WKScriptMessage(
                name: message.name, body: body, world: .page, url: message.url, isMainFrame: message.isMainFrame),
            to: handler, answer: answer)
    }
}
