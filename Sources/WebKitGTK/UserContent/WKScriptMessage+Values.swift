internal import CWebKitGTK
import Foundation

extension WKScriptMessage {
    /// Why a message's body was dropped.
    package enum BodyProblem: Error, Equatable, CustomStringConvertible {
        /// The value has no JSON (`undefined`, a function).
        case notJSON
        /// Its JSON could not be read.
        case unreadable

        package var description: String {
            switch self {
            case .notJSON: "the message body is not JSON"
            case .unreadable: "the message body could not be read"
            }
        }
    }

    /// A message's body as Swift sees it, from its `JSCValue`: a string as it is (no JSON
    /// round trip), anything else through its JSON.
    package static func body(of value: OpaquePointer) throws(BodyProblem) -> Any {
        let value = UnsafeMutablePointer<JSCValue>(value)
        if jsc_value_is_string(value) != 0, let string = stringText(of: value) { return string }
        guard let text = jsonText(of: value) else { throw .notJSON }
        guard let body = try? PageJSON.read(text) else {
            throw .unreadable
        }
        return body
    }

    /// Why a handler's reply could not be handed to JavaScript.
    package struct ReplyProblem: Error, CustomStringConvertible {
        package let description: String
    }

    /// The JavaScript value a handler's reply becomes in `context` (a `JSCContext`), as a new
    /// reference: a string as it is (no JSON round trip), anything else through its JSON.
    package static func replyValue(_ value: Any?, in context: OpaquePointer) throws(ReplyProblem) -> OpaquePointer {
        let context = UnsafeMutablePointer<JSCContext>(context)
        if var string = value as? String {
            // From its bytes, not as a C string, which would end at a NUL character.
            let bytes = string.withUTF8 { g_bytes_new($0.baseAddress, gsize($0.count))! }
            defer { g_bytes_unref(bytes) }
            return OpaquePointer(jsc_value_new_string_from_bytes(context, bytes)!)
        }
        let json: String
        do {
            json = try JavaScriptValues.encodeResult(value)
        } catch {
            throw ReplyProblem(description: "the reply could not be sent: \(error)")
        }
        guard let result = jsc_value_new_from_json(context, json) else {
            throw ReplyProblem(description: "the reply could not be read by JavaScript")
        }
        return OpaquePointer(result)
    }
}
