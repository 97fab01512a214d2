internal import CWebKitGTK

/// The answer owed to a `postMessage` with a reply, given exactly once. A one-way message
/// is owed none, and has no `ScriptReply`.
@MainActor
final class ScriptReply {
    private var reply: OpaquePointer?
    private let context: OpaquePointer?

    /// The answer to the message `value` through `reply`, which it keeps a reference to;
    /// nil for a one-way message (no `reply`), which makes nothing to free later.
    init?(reply: OpaquePointer?, value: OpaquePointer?) {
        guard let reply else { return nil }
        webkit_script_message_reply_ref(reply)
        self.reply = reply
        if let value, let context = jsc_value_get_context(UnsafeMutablePointer(value)) {
            self.context = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(context)))
        } else {
            context = nil
        }
    }

    func succeed(_ value: Any?) {
        guard let reply, let context else { return }
        self.reply = nil
        defer { webkit_script_message_reply_unref(reply) }
        do {
            let result = UnsafeMutablePointer<JSCValue>(try WKScriptMessage.replyValue(value, in: context))
            webkit_script_message_reply_return_value(reply, result)
            g_object_unref(UnsafeMutableRawPointer(result))
        } catch {
            webkit_script_message_reply_return_error_message(reply, error.description)
        }
    }

    func fail(_ message: String) {
        guard let reply else { return }
        self.reply = nil
        webkit_script_message_reply_return_error_message(reply, message)
        webkit_script_message_reply_unref(reply)
    }

    isolated deinit {
        if let context { g_object_unref(UnsafeMutableRawPointer(context)) }
        if let reply { webkit_script_message_reply_unref(reply) }
    }
}
