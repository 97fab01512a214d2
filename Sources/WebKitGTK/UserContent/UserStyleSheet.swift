/// A style sheet added to documents, with the priority of the page's own (author) sheets.
///
///     content.add(UserStyleSheet(source: "body { font-size: 120% }", allowedURLPatterns: ["lakes://*/*"]))
///
/// An addition of this library, over WebKitGTK's `WebKitUserStyleSheet`
/// (`webkit_user_style_sheet_new`, `WEBKIT_USER_STYLE_LEVEL_AUTHOR`).
public struct UserStyleSheet: Sendable, Hashable {
    /// The style sheet's CSS.
    public var source: String
    /// Whether only the main frame gets it. Default: true.
    public var forMainFrameOnly: Bool
    /// URL patterns it is limited to; empty: all.
    public var allowedURLPatterns: [String]
    /// URL patterns it never applies to.
    public var blockedURLPatterns: [String]

    /// A style sheet for documents.
    ///
    /// - Parameters:
    ///   - source: The CSS.
    ///   - forMainFrameOnly: Whether only the main frame gets it. Default: true.
    ///   - allowedURLPatterns: URL patterns it is limited to. Default: none, every URL.
    ///   - blockedURLPatterns: URL patterns it never applies to. Default: none.
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
