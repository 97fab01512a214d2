import CWebKitGTK
import Foundation
import FoundationNetworking
import GLibBridge
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

/// Answers the script panels with the handler type Apple's current SDK declares.
private final class SendablePanels: NSObject, WKUIDelegate {
    var alerts: [String] = []
    func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
        completionHandler: @escaping @MainActor @Sendable () -> Void
    ) {
        alerts.append(message)
        completionHandler()
    }
    func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (Bool) -> Void
    ) { completionHandler(message == "Baikal?") }
    func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (String?) -> Void
    ) { completionHandler("typed \(defaultText ?? "")") }
}

/// Answers the script panels with the plain closure types older code declares.
private final class PlainPanels: NSObject, WKUIDelegate {
    var alerts: [String] = []
    func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo,
        completionHandler: @escaping () -> Void
    ) {
        alerts.append(message)
        completionHandler()
    }
    func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping (Bool) -> Void
    ) { completionHandler(message == "Baikal?") }
    func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping (String?) -> Void
    ) { completionHandler("typed \(defaultText ?? "")") }
}

/// Answers the script panels in the async forms.
private final class AsyncPanels: NSObject, WKUIDelegate {
    var alerts: [String] = []
    func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo
    ) async { alerts.append(message) }
    func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo
    ) async -> Bool { message == "Baikal?" }
    func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo
    ) async -> String? { "typed \(defaultText ?? "")" }
}

/// Keeps a confirm's handler and calls it as the test says: never, or twice.
private final class Misbehaving: NSObject, WKUIDelegate {
    var callsTwice = false
    var asked = 0
    func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping (Bool) -> Void
    ) {
        asked += 1
        guard callsTwice else { return }  // dropped uncalled
        completionHandler(true)
        completionHandler(false)
    }
}

/// Opens new windows in web views of its own, as a browser's tabs would.
private final class Windows: NSObject, WKUIDelegate {
    var opens = true
    var asked: [URL] = []
    var opened: [WKWebView] = []
    var closed: [WKWebView] = []

    func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
        asked.append(navigationAction.request.url!)
        guard opens else { return nil }
        let popup = WKWebView(frame: .zero, configuration: configuration)
        popup.uiDelegate = self
        opened.append(popup)
        return popup
    }

    func webViewDidClose(_ webView: WKWebView) { closed.append(webView) }
}

/// Records the new-window actions put to the navigation delegate.
private final class Navigations: NSObject, WKNavigationDelegate {
    var newWindowActions: [URL] = []
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        if navigationAction.targetFrame == nil { newWindowActions.append(navigationAction.request.url!) }
        decisionHandler(.allow)
    }
}

/// Decides camera and microphone requests.
private final class Capture: NSObject, WKUIDelegate {
    var decision = WKPermissionDecision.grant
    var asked: [WKMediaCaptureType] = []
    func webView(
        _ webView: WKWebView, requestMediaCapturePermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo, type: WKMediaCaptureType,
        decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void
    ) {
        asked.append(type)
        decisionHandler(origin.host == "capture.test" ? decision : .deny)
    }
}

@MainActor
@Suite(.serialized)
struct WKUIDelegateTests {
    private func loaded(_ delegate: (any WKUIDelegate)?) async -> WKWebView {
        let webView = WKWebView()
        webView.uiDelegate = delegate
        webView.loadHTMLString("<title>Panels</title>", baseURL: URL(string: "https://lakes.example/"))
        await until("loaded") { webView.title == "Panels" && !webView.isLoading }
        return webView
    }

    @Test(arguments: [0, 1, 2])
    func eachSpellingOfThePanelsAnswersTheScript(_ spelling: Int) async throws {
        let sendable = SendablePanels()
        let plain = PlainPanels()
        let async = AsyncPanels()
        let delegates: [any WKUIDelegate] = [sendable, plain, async]
        let webView = await loaded(delegates[spelling])
        let answers = try await webView.evaluateJavaScript(
            "alert('Deep'); JSON.stringify([confirm('Baikal?'), confirm('Erie?'), prompt('Which?', 'Tahoe')])")
        #expect(answers as? String == #"[true,false,"typed Tahoe"]"#)
        #expect(sendable.alerts + plain.alerts + async.alerts == ["Deep"])
    }

    @Test func withoutADelegateThePanelsAnswerApplesDefaults() async throws {
        let webView = await loaded(nil)
        let answers = try await webView.evaluateJavaScript(
            "alert('nobody'); JSON.stringify([confirm('ok?'), prompt('name?', 'x')])")
        #expect(answers as? String == "[false,null]")
    }

    @Test(arguments: [false, true])
    func aHandlerNeverCalledOrCalledTwiceLeavesThePageUsable(_ callsTwice: Bool) async throws {
        let delegate = Misbehaving()
        delegate.callsTwice = callsTwice
        let webView = await loaded(delegate)
        let answer = try await webView.evaluateJavaScript("confirm('Baikal?')")
        // Dropped uncalled, the handler answers false; called twice, its first answer counts.
        #expect((answer as? NSNumber)?.boolValue == callsTwice)
        #expect(try await webView.evaluateJavaScript("1 + 1") as? NSNumber == 2)
        #expect(delegate.asked == 1)
    }

    /// Capture through WebKitGTK's mock camera, in a web view shown in a window (in the
    /// offscreen window `getUserMedia` never completes).
    @Test(arguments: [WKPermissionDecision.grant, .prompt, .deny])
    func theDelegateDecidesACameraRequest(_ decision: WKPermissionDecision) async throws {
        let delegate = Capture()
        delegate.decision = decision
        let webView = WKWebView()
        webView.uiDelegate = delegate
        let settings = webkit_web_view_get_settings(webView.page.webView)
        webkit_settings_set_enable_media_stream(settings, 1)
        webkit_settings_set_enable_mock_capture_devices(settings, 1)
        let window = TestWindow(showing: webView.view, width: 640, height: 480)
        defer { window.close() }
        webView.loadHTMLString("<title>capture</title>", baseURL: URL(string: "https://capture.test/"))
        await until("loaded") { webView.title == "capture" && !webView.isLoading }
        let result = try await webView.callAsyncJavaScript(
            "try { await navigator.mediaDevices.getUserMedia({ video: true }); return 'granted' } catch (e) { return e.name }",
            contentWorld: .page)
        // `.prompt` has no one to ask on Linux: denied.
        #expect(result as? String == (decision == .grant ? "granted" : "NotAllowedError"))
        #expect(delegate.asked == [.camera])
    }

    private func server() throws -> TestHTTPServer {
        try TestHTTPServer { request in
            switch request.path {
            case "/start":
                return .html(html(title: "start", body: #"<a id="blank" href="/blank" target="_blank">new window</a>"#))
            default:
                let name = String(request.path.dropFirst())
                return .html(
                    html(
                        title: name,
                        body: "<script>addEventListener('message', e => document.title = e.data)</script>"))
            }
        }
    }

    private func opener(_ windows: Windows, _ server: TestHTTPServer) async -> WKWebView {
        let configuration = WKWebViewConfiguration()
        configuration.preferences.javaScriptCanOpenWindowsAutomatically = true
        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.uiDelegate = windows
        webView.load(URLRequest(url: server.url("/start")))
        await until("the opener loaded") { webView.title == "start" && !webView.isLoading }
        return webView
    }

    @Test func windowOpenLoadsInTheWebViewTheDelegateReturns() async throws {
        let server = try server()
        let windows = Windows()
        let webView = await opener(windows, server)
        _ = try await webView.evaluateJavaScript("window.popup = window.open('/opened'); 0")
        await until("the window opened") { windows.opened.first?.title == "opened" }
        let popup = try #require(windows.opened.first)
        #expect(windows.asked == [server.url("/opened")])
        #expect(popup.url == server.url("/opened"))
        #expect(try await popup.evaluateJavaScript("window.opener !== null") as? NSNumber == true)
        // The opener's reference reaches the opened window.
        _ = try await webView.evaluateJavaScript("window.popup.postMessage('posted', '*'); 0")
        await until("the message arrived") { popup.title == "posted" }
        #expect(webView.title == "start")
        #expect(webView.url == server.url("/start"))
    }

    @Test func aBlankTargetLinkIsDecidedThenLoadsInTheReturnedWebView() async throws {
        let server = try server()
        let windows = Windows()
        let navigations = Navigations()
        let webView = await opener(windows, server)
        webView.navigationDelegate = navigations
        _ = try await webView.evaluateJavaScript("document.getElementById('blank').click()")
        await until("the window opened") { windows.opened.first?.title == "blank" }
        #expect(navigations.newWindowActions == [server.url("/blank")])
        #expect(windows.asked == [server.url("/blank")])
        // A `target=_blank` link opens without an opener, as in every current browser.
        #expect(try await windows.opened[0].evaluateJavaScript("window.opener === null") as? NSNumber == true)
        #expect(webView.url == server.url("/start"))
    }

    @Test func aDelegateReturningNilOpensNothing() async throws {
        let server = try server()
        let windows = Windows()
        windows.opens = false
        let webView = await opener(windows, server)
        let opened = try await webView.evaluateJavaScript("String(window.open('/opened'))")
        #expect(opened as? String == "null")
        _ = try await webView.evaluateJavaScript("document.getElementById('blank').click()")
        await until("the link asked") { windows.asked.count == 2 }
        await never("a window loads in the opener", within: .milliseconds(300)) { webView.title != "start" }
        #expect(webView.url == server.url("/start"))
    }

    @Test(.enabled(if: LiveObjects.isCounting, "objects are counted in debug builds"))
    func anOpenerAndItsWindowLeaveNothingAliveOnceReleased() async throws {
        let server = try server()
        let before = LiveObjects.snapshot
        func alive() -> [String: Int] {
            var counts: [String: Int] = [:]
            for kind in ["WebPage", "WebKitWebView", "GtkOffscreenWindow"] {
                counts[kind] = LiveObjects.count(kind) - (before[kind] ?? 0)
            }
            return counts
        }
        var windows: Windows? = Windows()
        var webView: WKWebView? = await opener(windows!, server)
        _ = try await webView?.evaluateJavaScript("window.open('/opened'); 0")
        await until("the window opened") { windows?.opened.first?.title == "opened" }
        #expect(alive()["WebKitWebView"] == 2)
        webView = nil
        windows = nil
        await until("both web views are freed", timeout: .seconds(10)) { alive().values.allSatisfy { $0 == 0 } }
        #expect(alive().filter { $0.value != 0 } == [:])
    }

    @Test func windowCloseInTheOpenedWindowTellsTheDelegate() async throws {
        let server = try server()
        let windows = Windows()
        let webView = await opener(windows, server)
        _ = try await webView.evaluateJavaScript("window.open('/opened'); 0")
        await until("the window opened") { windows.opened.first?.title == "opened" }
        let popup = try #require(windows.opened.first)
        _ = try await popup.evaluateJavaScript("window.close(); 0")
        await until("told of the close") { windows.closed.count == 1 }
        #expect(windows.closed.first === popup)
    }
}
