/// When a ``WKUserScript`` runs: Apple's `WKUserScriptInjectionTime`. The corresponding C
/// type is `WebKitUserScriptInjectionTime`.
public enum WKUserScriptInjectionTime: Int, Sendable, Hashable {
    /// Before the document's own scripts, when the `<html>` element exists
    /// (`WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START`).
    case atDocumentStart = 0
    /// When the document has been parsed, before subresources finish
    /// (`WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END`).
    case atDocumentEnd = 1
}

/// A script added to documents: Apple's `WKUserScript`, over `WebKitUserScript`
/// (`webkit_user_script_new_for_world`).
///
///     let script = WKUserScript(
///         source: "document.documentElement.dataset.reader = 'on'", injectionTime: .atDocumentStart,
///         forMainFrameOnly: true, in: .defaultClient, allowedURLPatterns: ["lakes://*/*"])
///     content.addUserScript(script)
public struct WKUserScript: Sendable, Hashable {
    /// The script's source.
    public var source: String
    /// When it runs.
    public var injectionTime: WKUserScriptInjectionTime
    /// Whether only the main frame gets it (not iframes).
    public var isForMainFrameOnly: Bool
    /// The world it runs in.
    public var contentWorld: WKContentWorld
    /// URL patterns (`lakes://*/*`, `https://*.example.org/*`) it is limited to; empty: all.
    /// An addition of this library: WebKitGTK's allow list.
    public var allowedURLPatterns: [String]
    /// URL patterns it never runs on. An addition of this library: WebKitGTK's block list.
    public var blockedURLPatterns: [String]

    /// A script for documents.
    ///
    /// - Parameters:
    ///   - source: The script.
    ///   - injectionTime: When it runs.
    ///   - forMainFrameOnly: Whether only the main frame gets it. Default: true.
    ///   - contentWorld: The world it runs in. Default: the page's.
    ///   - allowedURLPatterns: URL patterns it is limited to. Default: none, every URL.
    ///   - blockedURLPatterns: URL patterns it never runs on. Default: none.
    public init(
        source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool = true,
        in contentWorld: WKContentWorld = .page, allowedURLPatterns: [String] = [],
        blockedURLPatterns: [String] = []
    ) {
        self.source = source
        self.injectionTime = injectionTime
        self.isForMainFrameOnly = forMainFrameOnly
        self.contentWorld = contentWorld
        self.allowedURLPatterns = allowedURLPatterns
        self.blockedURLPatterns = blockedURLPatterns
    }
}
