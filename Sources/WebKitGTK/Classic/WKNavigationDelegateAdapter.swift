import Foundation

/// The page's navigation decider for a ``WKWebView``: asks the web view's
/// ``WKNavigationDelegate``, in whichever spelling it implements each method.
@MainActor
struct NavigationDelegateAdapter: WebPage.NavigationDeciding {
    let link: WebViewLink

    mutating func decidePolicy(
        for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
    ) async -> WKNavigationActionPolicy {
        guard let webView = link.webView, let delegate = webView.navigationDelegate else { return .allow }
        let navigationAction = WKNavigationAction(action, webView: webView)
        let offered = WKWebpagePreferences(preferences)
        let policy: WKNavigationActionPolicy
        if let (answer, chosen) = await Self.decide(delegate, webView, navigationAction, offered) {
            preferences = chosen.navigationPreferences
            policy = answer
        } else {
            policy = await Self.decide(delegate, webView, navigationAction) ?? .allow
        }
        if policy == .download {
            webView.claimNextDownload(request: navigationAction.request) { webView, download in
                webView.navigationDelegate?.webView(webView, navigationAction: navigationAction, didBecome: download)
            }
        }
        return policy
    }

    mutating func decidePolicy(for response: WebPage.NavigationResponse) async -> WKNavigationResponsePolicy {
        guard let webView = link.webView, let delegate = webView.navigationDelegate else { return .allow }
        let navigationResponse = WKNavigationResponse(response)
        typealias Handler = CompletionHandler<WKNavigationResponsePolicy>
        let method = "webView(_:decidePolicyFor:decisionHandler:)"
        let answer = await DelegateCall.firstAnswer(
            method, unanswered: .cancel,
            [
                { (handler: Handler) in
                    delegate.webView(
                        webView, decidePolicyFor: navigationResponse, decisionHandler: handler.mainActorSendable)
                },
                { handler in
                    delegate.webView(webView, decidePolicyFor: navigationResponse, decisionHandler: handler.plain)
                },
            ])
        var policy = answer ?? .allow
        if answer == nil {
            policy =
                await DelegateCall.implemented { await delegate.webView(webView, decidePolicyFor: navigationResponse) }
                ?? .allow
        }
        if policy == .download {
            let request = navigationResponse.response.url.map { URLRequest(url: $0) }
            webView.claimNextDownload(request: request) { webView, download in
                webView.navigationDelegate?.webView(
                    webView, navigationResponse: navigationResponse, didBecome: download)
            }
        }
        return policy
    }

    mutating func decideAuthenticationChallengeDisposition(
        for challenge: URLAuthenticationChallenge
    ) async -> (URLSession.AuthChallengeDisposition, URLCredential?) {
        // Apple's default for a delegate that does not answer: go on without credentials.
        let standard: (URLSession.AuthChallengeDisposition, URLCredential?) = (.rejectProtectionSpace, nil)
        guard let webView = link.webView, let delegate = webView.navigationDelegate else { return standard }
        typealias Answer = (URLSession.AuthChallengeDisposition, URLCredential?)
        let answer = await DelegateCall.firstAnswer(
            "webView(_:didReceive:completionHandler:)", unanswered: (.cancelAuthenticationChallenge, nil),
            [
                { (handler: CompletionHandler<Answer>) in
                    let respond: @MainActor @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void = {
                        handler.answer(($0, $1))
                    }
                    delegate.webView(webView, didReceive: challenge, completionHandler: respond)
                },
                { handler in
                    let respond: (URLSession.AuthChallengeDisposition, URLCredential?) -> Void = {
                        disposition, credential in onMainActor { handler.answer((disposition, credential)) }
                    }
                    delegate.webView(webView, didReceive: challenge, completionHandler: respond)
                },
            ])
        if let answer { return answer }
        return await DelegateCall.implemented { await delegate.webView(webView, respondTo: challenge) } ?? standard
    }

    /// Asks the form with the document's preferences; nil when the delegate implements none
    /// of its spellings.
    private static func decide(
        _ delegate: any WKNavigationDelegate, _ webView: WKWebView, _ action: WKNavigationAction,
        _ offered: WKWebpagePreferences
    ) async -> (WKNavigationActionPolicy, WKWebpagePreferences)? {
        typealias Answer = (WKNavigationActionPolicy, WKWebpagePreferences)
        let answer = await DelegateCall.firstAnswer(
            "webView(_:decidePolicyFor:preferences:decisionHandler:)", unanswered: (.cancel, offered),
            [
                { (handler: CompletionHandler<Answer>) in
                    let decide: @MainActor @Sendable (WKNavigationActionPolicy, WKWebpagePreferences) -> Void = {
                        handler.answer(($0, $1))
                    }
                    delegate.webView(webView, decidePolicyFor: action, preferences: offered, decisionHandler: decide)
                },
                { handler in
                    let decide: (WKNavigationActionPolicy, WKWebpagePreferences) -> Void = {
                        policy, preferences in onMainActor { handler.answer((policy, preferences)) }
                    }
                    delegate.webView(webView, decidePolicyFor: action, preferences: offered, decisionHandler: decide)
                },
            ])
        if let answer { return answer }
        return await DelegateCall.implemented {
            await delegate.webView(webView, decidePolicyFor: action, preferences: offered)
        }
    }

    /// Asks the form without preferences; nil when the delegate implements none of its
    /// spellings.
    private static func decide(
        _ delegate: any WKNavigationDelegate, _ webView: WKWebView, _ action: WKNavigationAction
    ) async -> WKNavigationActionPolicy? {
        typealias Handler = CompletionHandler<WKNavigationActionPolicy>
        let answer = await DelegateCall.firstAnswer(
            "webView(_:decidePolicyFor:decisionHandler:)", unanswered: .cancel,
            [
                { (handler: Handler) in
                    delegate.webView(webView, decidePolicyFor: action, decisionHandler: handler.mainActorSendable)
                },
                { handler in delegate.webView(webView, decidePolicyFor: action, decisionHandler: handler.plain) },
            ])
        if let answer { return answer }
        return await DelegateCall.implemented { await delegate.webView(webView, decidePolicyFor: action) }
    }
}

extension WKWebView {
    /// Tells the navigation delegate of each step of each navigation, as the page takes it.
    func followNavigations() {
        page.observeNavigationUpdates { [weak self] update in self?.navigationUpdated(update) }
        page.observeWebContentProcessTermination { [weak self] in
            guard let self else { return }
            navigationDelegate?.webViewWebContentProcessDidTerminate(self)
        }
    }

    /// The navigation object for `id`: the one a load returned, or a new one for a
    /// navigation the page started itself.
    func navigation(for id: WebPage.NavigationID) -> WKNavigation {
        if let navigation = openNavigations[id] { return navigation }
        let navigation = WKNavigation(id)
        openNavigations[id] = navigation
        return navigation
    }

    private func navigationUpdated(_ update: WebPage.NavigationUpdate) {
        if case .startedProvisionalNavigation = update.kind { endNavigations(except: update.navigationID) }
        let navigation = navigation(for: update.navigationID)
        switch update.kind {
        case .startedProvisionalNavigation, .receivedServerRedirect: break
        case .committed: committedNavigations.insert(update.navigationID)
        case .finished, .failedProvisionalNavigation, .failed: forget(update.navigationID)
        }
        guard let delegate = navigationDelegate else { return }
        switch update.kind {
        case .startedProvisionalNavigation:
            delegate.webView(self, didStartProvisionalNavigation: navigation)
        case .receivedServerRedirect:
            delegate.webView(self, didReceiveServerRedirectForProvisionalNavigation: navigation)
        case .committed:
            delegate.webView(self, didCommit: navigation)
        case .finished:
            delegate.webView(self, didFinish: navigation)
        case .failedProvisionalNavigation(let error):
            delegate.webView(
                self, didFailProvisionalNavigation: navigation, withError: classicNavigationError(error, url: url))
        case .failed(let error):
            delegate.webView(self, didFail: navigation, withError: classicNavigationError(error, url: url))
        }
    }

    /// Ends, as cancelled, every navigation still open but `current`: a navigation that
    /// starts supersedes the others, and ``stopLoading()`` stops them all. WebKit reports
    /// nothing more of them, while Apple's delegates are told each failed with
    /// `NSURLErrorCancelled`: `didFailProvisionalNavigation` before commit, `didFail` after.
    func endNavigations(except current: WebPage.NavigationID? = nil) {
        let ended = openNavigations.filter { $0.key != current }.sorted { $0.key.value < $1.key.value }
        for (id, navigation) in ended {
            let wasCommitted = committedNavigations.contains(id)
            forget(id)
            guard let delegate = navigationDelegate else { continue }
            let error = URLError(
                .cancelled,
                userInfo: [NSLocalizedDescriptionKey: "The navigation was stopped, or superseded by a newer one"])
            if wasCommitted {
                delegate.webView(self, didFail: navigation, withError: error)
            } else {
                delegate.webView(self, didFailProvisionalNavigation: navigation, withError: error)
            }
        }
    }

    private func forget(_ id: WebPage.NavigationID) {
        openNavigations[id] = nil
        committedNavigations.remove(id)
    }
}
