/// Whether something is shown, as SwiftUI's `Visibility`; ``WebView/webViewContentBackground(_:)``
/// takes one.
public enum Visibility: Hashable, CaseIterable, Sendable {
    /// The default for the context: for a web view's content background, ``visible``.
    case automatic
    /// Shown.
    case visible
    /// Hidden.
    case hidden
}
