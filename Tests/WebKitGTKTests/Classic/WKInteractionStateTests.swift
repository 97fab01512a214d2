import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

/// Counts finished navigations.
private final class Finishes: NSObject, WKNavigationDelegate {
    var count = 0
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) { count += 1 }
}

@MainActor
@Suite(.serialized)
struct WKInteractionStateTests {
    @Test func aNewWebViewRestoresTheHistory() async throws {
        let server = try TestHTTPServer { request in .html(html(title: request.path)) }
        let webView = WKWebView()
        let finishes = Finishes()
        webView.navigationDelegate = finishes
        for (index, path) in ["/one", "/two", "/three"].enumerated() {
            webView.load(URLRequest(url: server.url(path)))
            await until("\(path) finished") { finishes.count == index + 1 }
        }
        #expect(webView.backForwardList.backList.count == 2)
        let state = try #require(webView.interactionState)
        #expect(state is Data)

        let restored = WKWebView()
        restored.interactionState = state
        await until("the current page loaded") { restored.url == server.url("/three") && !restored.isLoading }
        #expect(restored.backForwardList.backList.map(\.url) == [server.url("/one"), server.url("/two")])
        #expect(restored.canGoBack)
        restored.goBack()
        await until("back") { restored.url == server.url("/two") && restored.title == "/two" }
    }

    @Test func nonsenseIsIgnoredAndTheWebViewStaysUsable() async throws {
        let webView = WKWebView()
        webView.interactionState = Data("not a session".utf8)
        webView.interactionState = "text"
        webView.interactionState = nil
        #expect(webView.backForwardList.backList.isEmpty)
        webView.loadHTMLString(html(title: "Still"), baseURL: nil)
        await until("loaded") { webView.title == "Still" }
    }
}
