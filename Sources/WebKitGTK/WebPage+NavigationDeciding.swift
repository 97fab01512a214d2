import Foundation
import FoundationNetworking

extension WebPage {
    /// Decides whether navigations go ahead, and answers authentication challenges.
    ///
    ///     struct KeepInside: WebPage.NavigationDeciding {
    ///         func decidePolicy(
    ///             for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
    ///         ) async -> WebPage.NavigationActionPolicy {
    ///             action.request.url?.scheme == "lakes" ? .allow : .cancel
    ///         }
    ///     }
    ///     let page = WebPage(navigationDecider: KeepInside())
    ///
    /// Every method may await before answering; the navigation waits. Each has a default:
    /// allow every action and response, and refuse authentication (no dialog is shown).
    @MainActor
    public protocol NavigationDeciding {
        /// Whether a navigation the page or the app asked for may start. Links with
        /// `target=_blank` and `window.open` come here too, with a nil `targetFrame`;
        /// allowed, they load in this page. `preferences` apply to the new document.
        func decidePolicy(
            for action: NavigationAction, preferences: inout NavigationPreferences
        ) async -> NavigationActionPolicy

        /// Whether a response may be shown, downloaded or dropped.
        func decidePolicy(for response: NavigationResponse) async -> NavigationResponsePolicy

        /// How to answer a server's or proxy's request for credentials.
        func decideAuthenticationChallengeDisposition(
            for challenge: AuthenticationChallenge
        ) async -> (URLSession.AuthChallengeDisposition, URLCredential?)
    }

    /// What to do with a navigation action.
    public enum NavigationActionPolicy: Sendable, Hashable {
        /// Let it go ahead. WebKitGTK's `webkit_policy_decision_use`.
        case allow
        /// Stop it; its load sequence ends. WebKitGTK's `webkit_policy_decision_ignore`.
        case cancel
        /// Download its target instead of showing it. `webkit_policy_decision_download`.
        case download
    }

    /// What to do with a response.
    public enum NavigationResponsePolicy: Sendable, Hashable {
        /// Show it.
        case allow
        /// Drop it; the navigation fails with WebKit's policy error.
        case cancel
        /// Save it as a download.
        case download
    }

    /// A request to navigate, as the decider sees it.
    public struct NavigationAction: Sendable {
        /// What caused a navigation. The corresponding C type is `WebKitNavigationType`.
        public enum NavigationType: Sendable, Hashable {
            /// A link was followed (`WEBKIT_NAVIGATION_TYPE_LINK_CLICKED`).
            case linkActivated
            /// A form was submitted (`WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED`).
            case formSubmitted
            /// Back or forward in history (`WEBKIT_NAVIGATION_TYPE_BACK_FORWARD`).
            case backForward
            /// A reload (`WEBKIT_NAVIGATION_TYPE_RELOAD`).
            case reload
            /// A form was submitted again (`WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED`).
            case formResubmitted
            /// Anything else: the app's loads, script, redirects (`WEBKIT_NAVIGATION_TYPE_OTHER`).
            case other
        }

        /// Keyboard modifiers held when the navigation was triggered.
        public struct ModifierFlags: OptionSet, Sendable, Hashable {
            public let rawValue: UInt
            public init(rawValue: UInt) { self.rawValue = rawValue }
            public static let shift = ModifierFlags(rawValue: 1 << 0)
            public static let control = ModifierFlags(rawValue: 1 << 2)
            public static let alt = ModifierFlags(rawValue: 1 << 3)
            public static let `super` = ModifierFlags(rawValue: 1 << 26)
        }

        /// The frame a navigation targets.
        public struct FrameInfo: Sendable, Hashable {
            /// Whether it is the page's main frame. WebKitGTK reports navigation policy for
            /// the main frame and named targets; a named frame is not the main frame.
            public let isMainFrame: Bool
            /// The target's name (`<a target=name>`), if it has one.
            public let name: String?
        }

        /// The request, with its URL, method and headers.
        public let request: URLRequest
        /// What caused it.
        public let navigationType: NavigationType
        /// The frame it loads in; nil when it asks for a new window (`target=_blank`,
        /// `window.open`).
        public let targetFrame: FrameInfo?
        /// Whether a person's gesture (a click, a key) started it.
        public let isUserGesture: Bool
        /// Whether it is a server or script redirect of an earlier navigation.
        public let isRedirect: Bool
        /// The modifier keys held.
        public let modifierFlags: ModifierFlags
        /// The mouse button that started it: 1 left, 2 middle, 3 right; 0 for none.
        public let buttonNumber: Int
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

        /// Whether to go to `https:` instead of `http:`.
        public enum UpgradeToHTTPSPolicy: Sendable, Hashable {
            /// Load `http:` URLs as they are. Default.
            case keepAsRequested
            /// Load the `https:` form of an `http:` URL instead.
            case automatic
        }

        /// Whether the document's own scripts run. The app's `callJavaScript` is not
        /// affected. Default: true.
        public var allowsContentJavaScript = true
        /// How the document should be laid out. Default: `.recommended`.
        public var preferredContentMode = ContentMode.recommended
        /// Whether `http:` navigations are upgraded to `https:`. Default: keep as requested.
        public var upgradeToHTTPS = UpgradeToHTTPSPolicy.keepAsRequested

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

    /// A server's or proxy's request for credentials.
    public struct AuthenticationChallenge: @unchecked Sendable {
        /// Who asks: host, port, realm and authentication method.
        public let protectionSpace: URLProtectionSpace
        /// How many times credentials for this challenge were refused already.
        public let previousFailureCount: Int
        /// Whether a proxy asks, not the server.
        public let isProxy: Bool
    }
}

extension WebPage.NavigationDeciding {
    public func decidePolicy(
        for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
    ) async -> WebPage.NavigationActionPolicy { .allow }

    public func decidePolicy(for response: WebPage.NavigationResponse) async -> WebPage.NavigationResponsePolicy {
        .allow
    }

    public func decideAuthenticationChallengeDisposition(
        for challenge: WebPage.AuthenticationChallenge
    ) async -> (URLSession.AuthChallengeDisposition, URLCredential?) {
        (.performDefaultHandling, nil)
    }
}

/// The decider a page uses when given none: every default.
struct DefaultNavigationDecider: WebPage.NavigationDeciding {}
