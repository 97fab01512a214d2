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
    ///
    /// Apple's `WebPage.NavigationDeciding`, over WebKitGTK's `decide-policy` and
    /// `authenticate` signals.
    public protocol NavigationDeciding {
        /// Whether a navigation the page or the app asked for may start.
        ///
        /// Links with `target=_blank` and `window.open` come here too, with a nil
        /// ``NavigationAction/target``; allowed, they load in this page. `preferences` start
        /// from the page's ``Configuration/defaultNavigationPreferences`` and apply to the
        /// new document. WebKitGTK's `decide-policy` with a navigation action (or a new-window
        /// action); the answer is `webkit_policy_decision_use`, `_ignore` or `_download`.
        ///
        /// - Parameters:
        ///   - action: The navigation asked for.
        ///   - preferences: The preferences for the new document, to change in place.
        /// - Returns: `.allow`, `.cancel` or `.download`.
        @MainActor
        mutating func decidePolicy(
            for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
        ) async -> WKNavigationActionPolicy

        /// Whether a response may be shown, downloaded or dropped.
        ///
        /// WebKitGTK's `decide-policy` with a response decision.
        ///
        /// - Parameter response: The response about to be shown.
        /// - Returns: `.allow`, `.cancel` or `.download`.
        @MainActor
        mutating func decidePolicy(for response: WebPage.NavigationResponse) async -> WKNavigationResponsePolicy

        /// How to answer a server's or proxy's request for credentials.
        ///
        /// WebKitGTK's `authenticate` signal; the challenge's protection space names the
        /// host, port, realm and scheme, and `previousFailureCount` is 1 when the engine is
        /// asking again after refused credentials.
        ///
        /// - Parameter challenge: Who asks, and how.
        /// - Returns: `.useCredential` with a user and password to send them,
        ///   `.cancelAuthenticationChallenge` to fail the load, or `.performDefaultHandling`
        ///   and `.rejectProtectionSpace` to go on without credentials (the server's 401
        ///   page shows).
        @MainActor
        mutating func decideAuthenticationChallengeDisposition(
            for challenge: URLAuthenticationChallenge
        ) async -> (URLSession.AuthChallengeDisposition, URLCredential?)
    }

    /// A request to navigate, as the decider sees it: Apple's `WebPage.NavigationAction`,
    /// over WebKitGTK's `WebKitNavigationAction`.
    public struct NavigationAction: Sendable {
        /// The frame that asked for the navigation. WebKitGTK reports no source frame: this
        /// is the main frame, with the document shown when the navigation was asked for.
        public let source: FrameInfo
        /// The frame the new document loads in; nil when it asks for a new window
        /// (`target=_blank`, `window.open`).
        public let target: FrameInfo?
        /// What caused it. `webkit_navigation_action_get_navigation_type`.
        public let navigationType: WKNavigationType
        /// The request, with its URL, method and headers.
        public let request: URLRequest
        /// Whether the link followed asked to be downloaded (`<a download>`).
        public let shouldPerformDownload: Bool
        /// The mouse button that started it: 1 left, 2 middle, 3 right; 0 for none.
        /// `webkit_navigation_action_get_mouse_button`.
        public let buttonNumber: Int
        /// Whether a content rule list redirected it. WebKitGTK's rule lists cannot
        /// redirect, so this is false.
        public let isContentRuleListRedirect: Bool
        /// The modifier keys held. `webkit_navigation_action_get_modifiers`.
        public let modifierFlags: EventModifiers
        /// Whether a person's gesture (a click, a key) started it. An addition of this
        /// library: `webkit_navigation_action_is_user_gesture`.
        public let isUserGesture: Bool
        /// Whether it is a server or script redirect of an earlier navigation. An addition of
        /// this library: `webkit_navigation_action_is_redirect`.
        public let isRedirect: Bool
    }

    /// Settings the decider may change for the document a navigation loads: Apple's
    /// `WebPage.NavigationPreferences`.
    ///
    ///     mutating func decidePolicy(
    ///         for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
    ///     ) async -> WKNavigationActionPolicy {
    ///         if action.request.url?.host() == "untrusted.example" { preferences.allowsContentJavaScript = false }
    ///         return .allow
    ///     }
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
        /// scripts are not affected. Default: true. WebKitGTK's `enable-javascript-markup`
        /// setting.
        public var allowsContentJavaScript = true
        /// How the document should be laid out. Default: `.recommended`. `.mobile` adds
        /// " Mobile" to the user agent, unless the page has a ``WebPage/customUserAgent``.
        public var preferredContentMode = ContentMode.recommended
        /// Whether top-level `http:` navigations go to `https:`. Default: `.keepAsRequested`.
        public var preferredHTTPSNavigationPolicy = UpgradeToHTTPSPolicy.keepAsRequested

        /// Preferences with every default.
        public init() {}
    }

    /// A response about to be shown, as the decider sees it: Apple's
    /// `WebPage.NavigationResponse`, over WebKitGTK's `WebKitResponsePolicyDecision`.
    public struct NavigationResponse: @unchecked Sendable {
        /// The response: always an `HTTPURLResponse`, with the engine's status code (200
        /// where the scheme has none) and header fields, with a `Content-Type` of the MIME
        /// type where the headers have none. `webkit_response_policy_decision_get_response`.
        public let response: URLResponse
        /// Whether WebKit can show the response's MIME type.
        /// `webkit_response_policy_decision_is_mime_type_supported`.
        public let canShowMimeType: Bool
        /// Whether it is the main frame's document (not a subframe's). An addition of this
        /// library: `webkit_response_policy_decision_is_main_frame_main_resource`.
        public let isForMainFrame: Bool
    }

    /// A navigation upgraded to `https:` could not be loaded, and the decider asked for
    /// ``NavigationPreferences/UpgradeToHTTPSPolicy/userMediatedFallbackToHTTP``.
    ///
    ///     do {
    ///         for try await _ in page.load(url) {}
    ///     } catch WebPage.NavigationError.failedProvisionalNavigation(let error as WebPage.HTTPSUpgradeError) {
    ///         if personAgrees(to: error.insecureURL) { page.load(error.insecureURL) }
    ///     }
    ///
    /// Apple's platforms ask the person themselves; Linux has no such prompt, so the
    /// navigation fails with this error, for the app to ask.
    public struct HTTPSUpgradeError: Error, @unchecked Sendable, CustomStringConvertible {
        /// The `http:` URL that was asked for. Loading it next with ``WebPage/load(_:)-(URL?)``
        /// goes on without encryption: the page does not upgrade it that once.
        public let insecureURL: URL
        /// Why the `https:` load failed.
        public let underlyingError: any Error

        /// Says which host cannot be loaded securely, and why.
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
