import Foundation
import FoundationNetworking
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

/// A navigation delegate written as apps write them: an `NSObject` subclass with Apple's
/// spellings, recording what it is told.
private final class Recorder: NSObject, WKNavigationDelegate {
    var calls: [String] = []
    var navigations: [String: WKNavigation] = [:]
    var stateAtFinish: (title: String?, isLoading: Bool, canGoBack: Bool)?

    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {
        calls.append("start")
        navigations["start"] = navigation
    }

    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
        calls.append("commit")
        navigations["commit"] = navigation
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        calls.append("finish")
        navigations["finish"] = navigation
        stateAtFinish = (webView.title, webView.isLoading, webView.canGoBack)
    }

    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: Error) {
        calls.append("failProvisional \((error as NSError).domain) \((error as NSError).code)")
        navigations["failProvisional"] = navigation
    }

    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: Error) {
        calls.append("fail \((error as NSError).code)")
    }
}

/// Decides with the plain closure type older code declares.
private final class PlainDecider: NSObject, WKNavigationDelegate {
    var asked: [URL] = []
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    ) {
        asked.append(navigationAction.request.url!)
        decisionHandler(navigationAction.request.url?.path == "/blocked" ? .cancel : .allow)
    }
}

/// Decides with the closure type Apple's current SDK declares.
private final class SendableDecider: NSObject, WKNavigationDelegate {
    var asked = 0
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        asked += 1
        decisionHandler(.cancel)
    }
}

/// Decides with the async form.
private final class AsyncDecider: NSObject, WKNavigationDelegate {
    var asked = 0
    func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction) async
        -> WKNavigationActionPolicy
    {
        asked += 1
        return .cancel
    }
}

@MainActor
@Suite(.serialized)
struct WKNavigationDelegateTests {
    @Test func aLoadIsStartedCommittedAndFinishedWithTheNavigationItReturned() async throws {
        let webView = WKWebView()
        let recorder = Recorder()
        webView.navigationDelegate = recorder
        let navigation = webView.loadHTMLString("<title>Tahoe</title>", baseURL: nil)
        await until("finished") { recorder.calls.contains("finish") }
        #expect(recorder.calls == ["start", "commit", "finish"])
        #expect(navigation != nil)
        #expect(recorder.navigations["start"] === navigation)
        #expect(recorder.navigations["finish"] === navigation)
        #expect(recorder.stateAtFinish?.title == "Tahoe")
        #expect(recorder.stateAtFinish?.isLoading == false)
    }

    @Test func backAfterTwoLoads() async throws {
        let server = try TestHTTPServer { request in .html(html(title: request.path)) }
        let webView = WKWebView()
        let recorder = Recorder()
        webView.navigationDelegate = recorder
        webView.load(URLRequest(url: server.url("/one")))
        await until("first finished") { recorder.calls.filter { $0 == "finish" }.count == 1 }
        webView.load(URLRequest(url: server.url("/two")))
        await until("second finished") { recorder.calls.filter { $0 == "finish" }.count == 2 }
        #expect(webView.canGoBack)
        #expect(recorder.stateAtFinish?.canGoBack == true)
        let back = webView.goBack()
        #expect(back != nil)
        await until("back finished") { recorder.calls.filter { $0 == "finish" }.count == 3 }
        #expect(webView.url == server.url("/one"))
        #expect(webView.title == "/one")
    }

    @Test(arguments: [0, 1, 2])
    func eachSpellingOfTheActionDecisionIsAsked(_ spelling: Int) async throws {
        let webView = WKWebView()
        let plain = PlainDecider()
        let sendable = SendableDecider()
        let async = AsyncDecider()
        let delegates: [any WKNavigationDelegate] = [plain, sendable, async]
        webView.navigationDelegate = delegates[spelling]
        webView.loadHTMLString("<title>Asked</title>", baseURL: URL(string: "https://lakes.example/blocked"))
        await until("asked") { plain.asked.count + sendable.asked + async.asked > 0 }
        // Each decider cancels: the document never shows.
        await never("the cancelled document shows", within: .milliseconds(300)) { webView.title == "Asked" }
        #expect(plain.asked.count + sendable.asked + async.asked == 1)
    }
}

@MainActor
@Suite(.serialized)
struct WKSupersededNavigationTests {
    /// A server that answers every request with a page titled "Slow", after five seconds.
    private func slowServer() throws -> TestHTTPServer {
        try TestHTTPServer { _ in
            var response = TestHTTPServer.Response.html(html(title: "Slow"))
            response.delay = .seconds(5)
            return response
        }
    }

    @Test func aSupersededLoadFailsAsCancelledAndTheNewerOneFinishes() async throws {
        let server = try slowServer()
        let webView = WKWebView()
        let recorder = Recorder()
        webView.navigationDelegate = recorder
        let slow = webView.load(URLRequest(url: server.url("/slow")))
        await until("the slow load started") { recorder.calls.contains("start") }
        let fast = webView.loadHTMLString("<title>Fast</title>", baseURL: nil)
        await until("the newer load finished") { recorder.calls.contains("finish") }
        #expect(recorder.navigations["finish"] === fast)
        #expect(slow !== fast)
        // Only the old navigation fails, as cancelled, before the newer one starts.
        #expect(
            recorder.calls == [
                "start", "failProvisional \(NSURLErrorDomain) \(NSURLErrorCancelled)", "start", "commit", "finish",
            ])
        #expect(recorder.navigations["start"] === fast)
        #expect(recorder.navigations["failProvisional"] === slow)
    }
}

extension WKSupersededNavigationTests {
    @Test func stoppingALoadFailsItAsCancelled() async throws {
        let server = try slowServer()
        let webView = WKWebView()
        let recorder = Recorder()
        webView.navigationDelegate = recorder
        let slow = webView.load(URLRequest(url: server.url("/slow")))
        await until("the slow load started") { recorder.calls.contains("start") }
        webView.stopLoading()
        #expect(recorder.calls == ["start", "failProvisional \(NSURLErrorDomain) \(NSURLErrorCancelled)"])
        #expect(recorder.navigations["failProvisional"] === slow)
        await never("anything more of the stopped load", within: .milliseconds(300)) { recorder.calls.count > 2 }
    }
}
