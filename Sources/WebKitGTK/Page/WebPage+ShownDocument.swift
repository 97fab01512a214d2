import Foundation

extension WebPage {
    /// What the page knows of the document it shows, the one last committed.
    struct ShownDocument {
        /// The document's URL, followed through moves within it (see ``WebPage/documentURL``).
        var url: URL?
        /// Whether the document came over TLS and loaded nothing insecure since: the storage
        /// of ``WebPage/hasOnlySecureContent`` (see `WebPage+Security.swift`).
        var isSecure = false
    }

    /// The URL of the document the page shows: the one last committed, followed through
    /// moves within it. Unlike ``url``, not the URL a navigation is still loading, while
    /// the document being left goes on running script.
    var documentURL: URL? { shownDocument.url }

    /// A document was committed at `uri`.
    func documentCommitted(_ uri: String?) {
        shownDocument.url = uri.flatMap { URL(string: $0) }
    }

    /// Follows a move within the document (a fragment, `history.pushState`): a new URL of
    /// the same origin. A URL of another origin is a navigation still loading.
    func followDocumentURL(_ uri: String?) {
        guard let current = shownDocument.url, let moved = uri.flatMap({ URL(string: $0) }),
            WKScriptMessage.origin(of: moved) == WKScriptMessage.origin(of: current)
        else { return }
        shownDocument.url = moved
    }
}
