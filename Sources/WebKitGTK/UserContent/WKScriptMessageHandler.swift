/// Receives the messages a page posts to a handler: Apple's `WKScriptMessageHandler`.
@MainActor
public protocol WKScriptMessageHandler: AnyObject {
    /// A page posted `message`.
    ///
    /// - Parameters:
    ///   - userContentController: The controller the handler was added to.
    ///   - message: The message, with its body and where it came from.
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

/// Answers the messages a page posts to a handler: Apple's `WKScriptMessageHandlerWithReply`.
@MainActor
public protocol WKScriptMessageHandlerWithReply: AnyObject {
    /// A page posted `message`; returns the value the page's promise resolves with, or an
    /// error message that rejects it.
    ///
    /// - Parameters:
    ///   - userContentController: The controller the handler was added to.
    ///   - message: The message, with its body and where it came from.
    /// - Returns: The reply (any JSON-able value, nil for `null`) and nil, or an error
    ///   message that rejects the promise.
    func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage
    ) async -> (Any?, String?)
}

/// The error message a ``WKScriptMessageHandlerWithReply`` rejected a message with.
struct ScriptMessageReplyError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
