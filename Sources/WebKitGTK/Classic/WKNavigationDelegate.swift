import Foundation

/// Follows a ``WKWebView``'s navigations and decides whether they may go on: Apple's
/// `WKNavigationDelegate`.
///
///     final class Coordinator: NSObject, WKNavigationDelegate {
///         func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {
///             spinner.start()
///         }
///         func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
///             spinner.stop()
///             titleLabel.text = webView.title ?? ""
///         }
///     }
///     webView.navigationDelegate = coordinator
///
/// Every method is optional, as Apple's are: a delegate implements those it needs. For a
/// navigation the delegate is asked `decidePolicyFor` its action, then told
/// `didStartProvisionalNavigation`, `didReceiveServerRedirectForProvisionalNavigation` for
/// each redirect, asked `decidePolicyFor` its response, and told `didCommit` and
/// `didFinish`; or `didFailProvisionalNavigation` (before commit) or `didFail` (after) with
/// the error. Each of these gets the ``WKNavigation`` the load returned. A load superseded
/// by a newer one ends with `didFailProvisionalNavigation` and `NSURLErrorCancelled`.
///
/// ## The spellings that are called
///
/// A method is called when its name and types are Apple's, in any of the spellings apps
/// write them:
/// - a decision or completion handler declared `@escaping @MainActor @Sendable`, as the
///   current SDKs show it, `@escaping @MainActor` (the same type: a main-actor function is
///   `Sendable`), or plain `@escaping`, as older SDKs showed it and most code has it;
/// - the `async` form instead of the handler (`async -> WKNavigationActionPolicy`, and
///   `async -> (WKNavigationActionPolicy, WKWebpagePreferences)` with preferences);
/// - a navigation parameter declared `WKNavigation!`, as Apple's headers have it, or
///   `WKNavigation?`.
///
/// A handler declared `@escaping @Sendable` alone does not compile ("sendability of function
/// types … does not match"): write `@escaping @MainActor @Sendable`, as Apple's SDK does.
/// Where a delegate implements more than one spelling of a method, the first of the order
/// above is called. A delegate that implements the `preferences:` form of
/// `decidePolicyFor navigationAction` is not asked the form without it, as with Apple's.
/// A handler answers once: a second call is logged and ignored, and a handler released
/// without being called is logged and answered as `.cancel`.
@MainActor
public protocol WKNavigationDelegate: NSObjectProtocol {
    /// Whether a navigation may start: answer `.allow`, `.cancel` or `.download`.
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    )

    /// Whether a navigation may start: answer `.allow`, `.cancel` or `.download`.
    /// Whether a navigation may start: answer `.allow`, `.cancel` or `.download`.
    /// Whether a navigation may start: answer `.allow`, `.cancel` or `.download`.
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    )

    /// Whether a navigation may start: answer `.allow`, `.cancel` or `.download`.
    func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction) async
        -> WKNavigationActionPolicy

    /// Whether a navigation may start, and the preferences for its document.
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, preferences: WKWebpagePreferences,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy, WKWebpagePreferences) -> Void
    )

    /// Whether a navigation may start, and the preferences for its document.
    /// Whether a navigation may start, and the preferences for its document.
    /// Whether a navigation may start, and the preferences for its document.
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, preferences: WKWebpagePreferences,
        decisionHandler: @escaping (WKNavigationActionPolicy, WKWebpagePreferences) -> Void
    )

    /// Whether a navigation may start, and the preferences for its document.
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, preferences: WKWebpagePreferences
    ) async -> (WKNavigationActionPolicy, WKWebpagePreferences)

    /// Whether a response may be shown: answer `.allow`, `.cancel` or `.download`.
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void
    )

    /// Whether a response may be shown: answer `.allow`, `.cancel` or `.download`.
    /// Whether a response may be shown: answer `.allow`, `.cancel` or `.download`.
    /// Whether a response may be shown: answer `.allow`, `.cancel` or `.download`.
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
        decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
    )

    /// Whether a response may be shown: answer `.allow`, `.cancel` or `.download`.
    func webView(_ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse) async
        -> WKNavigationResponsePolicy

    /// How to answer a request for credentials.
    func webView(
        _ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @MainActor @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    )

    /// How to answer a request for credentials.
    /// How to answer a request for credentials.
    /// How to answer a request for credentials.
    func webView(
        _ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    )

    /// How to answer a request for credentials.
    func webView(
        _ webView: WKWebView, respondTo challenge: URLAuthenticationChallenge
    ) async -> (URLSession.AuthChallengeDisposition, URLCredential?)

    /// The navigation started: its request was sent.
    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!)

    /// The server redirected the navigation's request.
    func webView(_ webView: WKWebView, didReceiveServerRedirectForProvisionalNavigation navigation: WKNavigation!)

    /// The navigation failed before anything of it was shown.
    func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error)

    /// The navigation's document replaced the one shown.
    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!)

    /// The navigation's document and its resources loaded.
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)

    /// The navigation failed after its document was shown.
    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error)

    /// A navigation action the delegate answered `.download` became a download. Set the
    /// download's delegate here: it chooses the file, and a download without one is
    /// cancelled, as with Apple's.
    func webView(_ webView: WKWebView, navigationAction: WKNavigationAction, didBecome download: WKDownload)

    /// A navigation response the delegate answered `.download` became a download. Set the
    /// download's delegate here: it chooses the file, and a download without one is
    /// cancelled, as with Apple's.
    func webView(_ webView: WKWebView, navigationResponse: WKNavigationResponse, didBecome download: WKDownload)

    /// The web content process ended: it crashed, was killed, or ran out of memory.
    func webViewWebContentProcessDidTerminate(_ webView: WKWebView)
}

extension WKNavigationDelegate {

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction) async
        -> WKNavigationActionPolicy
    {
        DelegateCall.unimplemented()
        return .allow
    }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, preferences: WKWebpagePreferences,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy, WKWebpagePreferences) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, preferences: WKWebpagePreferences,
        decisionHandler: @escaping (WKNavigationActionPolicy, WKWebpagePreferences) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, preferences: WKWebpagePreferences
    ) async -> (WKNavigationActionPolicy, WKWebpagePreferences) {
        DelegateCall.unimplemented()
        return (.allow, WKWebpagePreferences())
    }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
        decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(_ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse) async
        -> WKNavigationResponsePolicy
    {
        DelegateCall.unimplemented()
        return .allow
    }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @MainActor @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func webView(
        _ webView: WKWebView, respondTo challenge: URLAuthenticationChallenge
    ) async -> (URLSession.AuthChallengeDisposition, URLCredential?) {
        DelegateCall.unimplemented()
        return (.performDefaultHandling, nil)
    }

    /// Does nothing.
    public func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {
        DelegateCall.unimplemented()
    }

    /// Does nothing.
    public func webView(
        _ webView: WKWebView, didReceiveServerRedirectForProvisionalNavigation navigation: WKNavigation!
    ) { DelegateCall.unimplemented() }

    /// Does nothing.
    public func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
    ) { DelegateCall.unimplemented() }

    /// Does nothing.
    public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) { DelegateCall.unimplemented() }

    /// Does nothing.
    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) { DelegateCall.unimplemented() }

    /// Does nothing.
    public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
        DelegateCall.unimplemented()
    }

    /// Does nothing.
    public func webView(_ webView: WKWebView, navigationAction: WKNavigationAction, didBecome download: WKDownload) {
        DelegateCall.unimplemented()
    }

    /// Does nothing.
    public func webView(_ webView: WKWebView, navigationResponse: WKNavigationResponse, didBecome download: WKDownload)
    { DelegateCall.unimplemented() }

    /// Does nothing.
    public func webViewWebContentProcessDidTerminate(_ webView: WKWebView) { DelegateCall.unimplemented() }
}
