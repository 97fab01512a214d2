import Foundation

extension WebPage {
    /// A step of a navigation, as a page's load sequences report it.
    ///
    ///     var events: [WebPage.NavigationEvent] = []
    ///     for try await event in page.load(URL(string: "https://example.org")) { events.append(event) }
    ///     // [.startedProvisionalNavigation, .committed, .finished]
    ///
    /// A successful navigation reports `startedProvisionalNavigation`, any number of
    /// `receivedServerRedirect`, then `committed` and `finished`. A failure is thrown from
    /// the sequence instead: before commit as ``NavigationError/failedProvisionalNavigation(_:)``,
    /// after it as the underlying error. The events follow WebKitGTK's `load-changed` signal.
    public enum NavigationEvent: Hashable, Sendable {
        /// The request was sent; nothing is shown yet. WebKitGTK's `WEBKIT_LOAD_STARTED`.
        case startedProvisionalNavigation
        /// The server redirected the request. WebKitGTK's `WEBKIT_LOAD_REDIRECTED`.
        case receivedServerRedirect
        /// The first bytes of the new document arrived and replaced the old one.
        /// WebKitGTK's `WEBKIT_LOAD_COMMITTED`.
        case committed
        /// The document and its subresources loaded. WebKitGTK's `WEBKIT_LOAD_FINISHED`.
        case finished
    }

    /// Why a navigation's sequence ended with an error.
    ///
    ///     do {
    ///         for try await _ in page.load(URL(string: "https://example.invalid")) {}
    ///     } catch WebPage.NavigationError.failedProvisionalNavigation(let error) {
    ///         print("could not load: \(error)")
    ///     }
    public enum NavigationError: Error, Sendable {
        /// The navigation failed before anything was committed, with the underlying error:
        /// the engine's `GLibError` (from `load-failed`) for network and policy failures, a
        /// ``TLSCertificateError`` for a certificate WebKit does not trust, a
        /// ``WebPage/HTTPSUpgradeError`` or an ``UnsupportedRequestError``. What a
        /// ``URLSchemeHandler`` throws reaches the engine, and comes back, as a `GLibError`
        /// whose message is the thrown error's description.
        case failedProvisionalNavigation(any Error)
        /// The page was closed while the navigation was open, or was already closed.
        case pageClosed
        /// The web content process ended (crashed, was killed, or ran out of memory).
        case webContentProcessTerminated
        /// The URL was missing, relative, or could not be handed to the engine.
        case invalidURL
    }

    /// Identifies one navigation of a page, unique for the page's lifetime.
    ///
    /// WebKitGTK gives navigations no identity; the page numbers them itself, in the order
    /// they start.
    public struct NavigationID: Hashable, Sendable, CustomStringConvertible {
        let value: UInt64
        /// The navigation's number, for logs: `"navigation 3"`.
        public var description: String { "navigation \(value)" }
    }

    /// What started a navigation.
    public enum NavigationCause: Hashable, Sendable {
        /// `load(_:)` with a URL or request.
        case request(URL)
        /// `load(html:baseURL:)` or `load(_:mimeType:characterEncoding:baseURL:)`.
        case content
        /// `load(_:)` with a back/forward item, `goBack()` or `goForward()`.
        case backForward
        /// `reload(fromOrigin:)`.
        case reload
        /// The page itself: a link, a form, script, or a redirect in the document.
        case page
    }

    /// One event of one navigation, failures included: the value of
    /// ``WebPage/currentNavigationEvent`` and the element of the
    /// ``WebPage/navigationUpdates`` sequence.
    ///
    ///     for await update in page.navigationUpdates {
    ///         print(update.navigationID, update.cause, update.kind)
    ///     }
    public struct NavigationUpdate: Sendable, CustomStringConvertible {
        /// What happened: a ``NavigationEvent``, or a failure.
        public enum Kind: Sendable {
            /// The request was sent; nothing is shown yet.
            case startedProvisionalNavigation
            /// The server redirected the request.
            case receivedServerRedirect
            /// The new document replaced the old one.
            case committed
            /// The document and its subresources loaded.
            case finished
            /// The navigation failed before commit.
            case failedProvisionalNavigation(underlyingError: any Error)
            /// The navigation failed after commit.
            case failed(underlyingError: any Error)
        }

        /// The navigation this event belongs to.
        public let navigationID: NavigationID
        /// What started that navigation.
        public let cause: NavigationCause
        /// What happened.
        public let kind: Kind

        /// The event as a ``NavigationEvent``, or nil for a failure.
        public var event: NavigationEvent? {
            switch kind {
            case .startedProvisionalNavigation: .startedProvisionalNavigation
            case .receivedServerRedirect: .receivedServerRedirect
            case .committed: .committed
            case .finished: .finished
            case .failedProvisionalNavigation, .failed: nil
            }
        }

        /// The error, for a failure.
        public var error: (any Error)? {
            switch kind {
            case .failedProvisionalNavigation(let error), .failed(let error): error
            default: nil
            }
        }

        /// The update in words, for logs: `"navigation 3 (page): committed"`.
        public var description: String { "\(navigationID) (\(cause)): \(kind)" }
    }
}
