import Foundation
import FoundationNetworking

extension WebPage {
    /// Decides whether navigations go ahead, and answers authentication challenges.
    ///
    ///     struct KeepInside: WebPage.NavigationDeciding {
    ///         var refused: [URL] = []
    ///         mutating func decidePolicy(
    ///             for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
    ///         ) async -> WKNavigationActionPolicy {
    ///             guard let url = action.request.url, url.scheme != "lakes" else { return .allow }
    ///             refused.append(url)
    ///             return .cancel
    ///         }
    ///     }
    ///     let page = WebPage(navigationDecider: KeepInside())
    ///
    /// Every method may await before answering; the navigation waits. The page keeps the
    /// decider and asks it one question at a time, so a `struct` decider may keep state in
    /// its `mutating` methods; an answer must not await another navigation of the same
    /// page, whose question would wait for it. Each method has a default: allow every action and response,
    /// and go on without credentials (no dialog is shown).
    public protocol NavigationDeciding {
        /// Whether a navigation the page or the app asked for may start.
        ///
        /// Links with `target=_blank` and `window.open` come here too, with a nil
        /// ``NavigationAction/target``; allowed, they load in this page. `preferences` start
        /// from the page's ``Configuration/defaultNavigationPreferences`` and apply to the
        /// new document.
        ///
        /// - Returns: `.allow`, `.cancel` or `.download`.
        @MainActor
        mutating func decidePolicy(
            for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
        ) async -> WKNavigationActionPolicy

        /// Whether a response may be shown, downloaded or dropped.
        @MainActor
        mutating func decidePolicy(for response: WebPage.NavigationResponse) async -> WKNavigationResponsePolicy

        /// How to answer a server's or proxy's request for credentials.
        ///
        /// - Returns: `.useCredential` with a user and password to send them,
        ///   `.cancelAuthenticationChallenge` to fail the load, or `.performDefaultHandling`
        ///   and `.rejectProtectionSpace` to go on without credentials (the server's 401
        ///   page shows).
        @MainActor
        mutating func decideAuthenticationChallengeDisposition(
            for challenge: URLAuthenticationChallenge
        ) async -> (URLSession.AuthChallengeDisposition, URLCredential?)
    }

    /// A request to navigate, as the decider sees it.
    public struct NavigationAction: Sendable {
        /// The frame that asked for the navigation. WebKitGTK reports no source frame: this
        /// is the main frame, with the document shown when the navigation was asked for.
        public let source: FrameInfo
        /// The frame the new document loads in; nil when it asks for a new window
        /// (`target=_blank`, `window.open`).
        public let target: FrameInfo?
        /// What caused it.
        public let navigationType: WKNavigationType
        /// The request, with its URL, method and headers.
        public let request: URLRequest
        /// Whether the link followed asked to be downloaded (`<a download>`).
        public let shouldPerformDownload: Bool
        /// The mouse button that started it: 1 left, 2 middle, 3 right; 0 for none.
        public let buttonNumber: Int
        /// Whether a content rule list redirected it. WebKitGTK's rule lists cannot
        /// redirect, so this is false.
        public let isContentRuleListRedirect: Bool
        /// The modifier keys held.
        public let modifierFlags: EventModifiers
        /// Whether a person's gesture (a click, a key) started it.
        public let isUserGesture: Bool
        /// Whether it is a server or script redirect of an earlier navigation.
        public let isRedirect: Bool
    }

    /// Settings the decider may change for the document a navigation loads.
    public struct NavigationPreferences: Sendable, Hashable {
        /// How a page should be laid out.
        public enum ContentMode: Sendable, Hashable {
            /// The app's default (desktop on Linux).
            case recommended
            /// As a phone would: a mobile user agent.
            case mobile
            /// As a desktop browser would.
            case desktop
        }

        /// Whether to go to `https:` instead of `http:`, and what to do when that fails.
        public enum UpgradeToHTTPSPolicy: Sendable, Hashable {
            /// Load `http:` URLs as they are. Default.
            case keepAsRequested
            /// Try the `https:` form of an `http:` URL; when it cannot be loaded, load the
            /// `http:` one, reported as a redirect of the same navigation.
            case automaticFallbackToHTTP
            /// Try the `https:` form; when it cannot be loaded, fail with
            /// ``WebPage/HTTPSUpgradeError``, which carries the `http:` URL for the app to
            /// offer to the person (there is no system prompt on Linux).
            case userMediatedFallbackToHTTP
            /// Try the `https:` form; when it cannot be loaded, the navigation fails.
            case errorOnFailure
        }

        /// Whether the document's own scripts run. The app's `callJavaScript` and user
        /// scripts are not affected. Default: true.
        public var allowsContentJavaScript = true
        /// How the document should be laid out. Default: `.recommended`.
        public var preferredContentMode = ContentMode.recommended
        /// Whether top-level `http:` navigations go to `https:`. Default: `.keepAsRequested`.
        public var preferredHTTPSNavigationPolicy = UpgradeToHTTPSPolicy.keepAsRequested

        /// Preferences with every default.
        public init() {}
    }

    /// A response about to be shown, as the decider sees it.
    public struct NavigationResponse: @unchecked Sendable {
        /// The response; an `HTTPURLResponse` with status and headers for HTTP and custom schemes.
        public let response: URLResponse
        /// Whether WebKit can show the response's MIME type.
        public let canShowMimeType: Bool
        /// Whether it is the main frame's document (not a subframe's).
        public let isForMainFrame: Bool
    }

    /// A navigation upgraded to `https:` could not be loaded, and the decider asked for
    /// ``NavigationPreferences/UpgradeToHTTPSPolicy/userMediatedFallbackToHTTP``.
    public struct HTTPSUpgradeError: Error, @unchecked Sendable, CustomStringConvertible {
        /// The `http:` URL that was asked for. Loading it next with ``WebPage/load(_:)-(URL?)``
        /// goes on without encryption: the page does not upgrade it that once.
        public let insecureURL: URL
        /// Why the `https:` load failed.
        public let underlyingError: any Error

        public var description: String {
            "\(insecureURL.host() ?? insecureURL.absoluteString) cannot be loaded securely: \(underlyingError)"
        }
    }
}

extension WebPage.NavigationDeciding {
    /// Allows every action.
    @MainActor
    public func decidePolicy(
        for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
    ) async -> WKNavigationActionPolicy { .allow }

    /// Allows every response.
    @MainActor
    public func decidePolicy(for response: WebPage.NavigationResponse) async -> WKNavigationResponsePolicy {
        .allow
    }

    /// Goes on without credentials: `(.performDefaultHandling, nil)`.
    @MainActor
    public func decideAuthenticationChallengeDisposition(
        for challenge: URLAuthenticationChallenge
    ) async -> (URLSession.AuthChallengeDisposition, URLCredential?) {
        (.performDefaultHandling, nil)
    }
}

/// The decider a page uses when given none: every default.
struct DefaultNavigationDecider: WebPage.NavigationDeciding {}
