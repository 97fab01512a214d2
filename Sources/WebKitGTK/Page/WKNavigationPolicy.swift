/// What to do with a navigation action: Apple's `WKNavigationActionPolicy`.
///
/// ``WebPage/NavigationDeciding/decidePolicy(for:preferences:)`` returns one.
public enum WKNavigationActionPolicy: Int, Sendable, Hashable {
    /// Stop it; its load sequence ends. WebKitGTK's `webkit_policy_decision_ignore`.
    case cancel = 0
    /// Let it go ahead. WebKitGTK's `webkit_policy_decision_use`.
    case allow = 1
    /// Download its target instead of showing it, as a ``Download`` in
    /// ``WebPage/downloads``; the load sequence ends. `webkit_policy_decision_download`.
    case download = 2
}

/// What to do with a response: Apple's `WKNavigationResponsePolicy`.
///
/// ``WebPage/NavigationDeciding/decidePolicy(for:)`` returns one.
public enum WKNavigationResponsePolicy: Int, Sendable, Hashable {
    /// Drop it; the navigation fails with WebKit's policy error. `webkit_policy_decision_ignore`.
    case cancel = 0
    /// Show it. `webkit_policy_decision_use`.
    case allow = 1
    /// Save it as a ``Download`` instead of showing it. `webkit_policy_decision_download`.
    case download = 2
}

/// What caused a navigation: Apple's `WKNavigationType`. The corresponding C type is
/// `WebKitNavigationType`.
public enum WKNavigationType: Int, Sendable, Hashable {
    /// A link was followed (`WEBKIT_NAVIGATION_TYPE_LINK_CLICKED`).
    case linkActivated = 0
    /// A form was submitted (`WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED`).
    case formSubmitted = 1
    /// Back or forward in history (`WEBKIT_NAVIGATION_TYPE_BACK_FORWARD`).
    case backForward = 2
    /// A reload (`WEBKIT_NAVIGATION_TYPE_RELOAD`).
    case reload = 3
    /// A form was submitted again (`WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED`).
    case formResubmitted = 4
    /// Anything else: the app's loads, script, redirects (`WEBKIT_NAVIGATION_TYPE_OTHER`).
    case other = -1
}
