import Foundation
import FoundationNetworking
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

/// Answers `lakes:` requests the way apps write classic scheme handlers: at once, or a piece
/// at a time from a timer, and records what it was told.
private final class ArticleSchemeHandler: NSObject, WKURLSchemeHandler {
    var started: [URL] = []
    var stopped: [URL] = []
    var misuse: ((any WKURLSchemeTask) -> Void)?
    var held: [any WKURLSchemeTask] = []

    func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask) {
        let url = urlSchemeTask.request.url!
        started.append(url)
        if url.path == "/slow" {
            // The body starts and never ends: the load is stopped while it streams.
            urlSchemeTask.didReceive(
                URLResponse(url: url, mimeType: "text/html", expectedContentLength: -1, textEncodingName: "utf-8"))
            urlSchemeTask.didReceive(
                Data("<title>Slow</title><p>".utf8 + Array(repeating: UInt8(ascii: "x"), count: 200_000)))
            held.append(urlSchemeTask)
            return
        }
        let html = Data("<title>Article \(url.path)</title><p>From the handler".utf8)
        urlSchemeTask.didReceive(
            URLResponse(url: url, mimeType: "text/html", expectedContentLength: html.count, textEncodingName: "utf-8"))
        urlSchemeTask.didReceive(html.prefix(10))
        urlSchemeTask.didReceive(html.dropFirst(10))
        urlSchemeTask.didFinish()
        misuse?(urlSchemeTask)
    }

    func webView(_ webView: WKWebView, stop urlSchemeTask: any WKURLSchemeTask) {
        stopped.append(urlSchemeTask.request.url!)
    }
}

@MainActor
@Suite(.serialized)
struct WKWebViewClassicTests {
    @Test func aSchemeHandlerAnswersInPiecesAndIsToldToStop() async throws {
        let handler = ArticleSchemeHandler()
        let configuration = WKWebViewConfiguration()
        configuration.setURLSchemeHandler(handler, forURLScheme: "lakes")
        #expect(configuration.urlSchemeHandler(forURLScheme: "LAKES") === handler)
        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.load(URLRequest(url: URL(string: "lakes://articles/tahoe")!))
        await until("the article") { webView.title == "Article /tahoe" && !webView.isLoading }
        #expect(handler.started == [URL(string: "lakes://articles/tahoe")!])

        webView.load(URLRequest(url: URL(string: "lakes://articles/slow")!))
        await until("the slow body is streaming") { handler.started.count == 2 && webView.title == "Slow" }
        webView.stopLoading()
        await until("the handler was told to stop") { handler.stopped == [URL(string: "lakes://articles/slow")!] }
        // Answering after the stop is logged and dropped; the web view goes on.
        let late = try #require(handler.held.first)
        late.didReceive(Data("late".utf8))
        late.didFinish()
        webView.load(URLRequest(url: URL(string: "lakes://articles/baikal")!))
        await until("the next article") { webView.title == "Article /baikal" && !webView.isLoading }
    }

    @Test func aTaskAnsweredOutOfOrderIsDroppedAndThePageStaysUsable() async throws {
        let handler = ArticleSchemeHandler()
        handler.misuse = { task in
            task.didReceive(Data("after the end".utf8))
            task.didFinish()
            task.didFailWithError(URLError(.badServerResponse))
        }
        let configuration = WKWebViewConfiguration()
        configuration.setURLSchemeHandler(handler, forURLScheme: "lakes")
        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.load(URLRequest(url: URL(string: "lakes://articles/tahoe")!))
        await until("the article") { webView.title == "Article /tahoe" && !webView.isLoading }
        let text = try await webView.evaluateJavaScript("document.body.textContent")
        #expect(text as? String == "From the handler")
    }

    @Test func aSchemeWebKitHandlesItselfIsRefused() {
        let configuration = WKWebViewConfiguration()
        configuration.setURLSchemeHandler(ArticleSchemeHandler(), forURLScheme: "https")
        #expect(configuration.urlSchemeHandler(forURLScheme: "https") == nil)
        #expect(WKWebView.handlesURLScheme("https"))
        #expect(WKWebView.handlesURLScheme("HTTP"))
        #expect(WKWebView.handlesURLScheme("data"))
        #expect(!WKWebView.handlesURLScheme("lakes"))
    }

    @Test func theConfigurationIsCopiedAndItsObjectsShared() {
        let configuration = WKWebViewConfiguration()
        configuration.applicationNameForUserAgent = "Lakes/1.0"
        let webView = WKWebView(frame: .zero, configuration: configuration)
        configuration.applicationNameForUserAgent = "Changed/2.0"
        let copy = webView.configuration
        #expect(copy !== configuration)
        #expect(copy.applicationNameForUserAgent == "Lakes/1.0")
        #expect(copy.userContentController === configuration.userContentController)
        #expect(copy.preferences === configuration.preferences)
        #expect(copy.websiteDataStore === configuration.websiteDataStore)
        #expect(!webView.allowsBackForwardNavigationGestures)
        #expect(!webView.allowsMagnification)
    }

    @Test func preferencesReachTheEngineWhenMadeAndWhenChanged() async throws {
        let configuration = WKWebViewConfiguration()
        configuration.preferences.minimumFontSize = 30
        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.loadHTMLString("<title>Small</title><p id=p style='font-size: 8px'>tiny", baseURL: nil)
        await until("loaded") { webView.title == "Small" && !webView.isLoading }
        let size = try await webView.evaluateJavaScript("getComputedStyle(document.getElementById('p')).fontSize")
        #expect(size as? String == "30px")
        #expect(!EngineSettings(webView.page).javaScriptCanOpenWindowsAutomatically)
        configuration.preferences.javaScriptCanOpenWindowsAutomatically = true
        #expect(EngineSettings(webView.page).javaScriptCanOpenWindowsAutomatically)
    }

    @Test func keyValueObservingFollowsTitleAndProgressUntilInvalidated() async throws {
        let webView = WKWebView()
        var titles: [(old: String??, new: String??)] = []
        var progress: [Double] = []
        let titleObservation = webView.observe(\.title, options: [.initial, .old, .new]) { _, change in
            titles.append((change.oldValue, change.newValue))
        }
        let progressObservation = webView.observe(\.estimatedProgress, options: [.new]) { _, change in
            progress.append(change.newValue ?? -1)
        }
        #expect(titles.count == 1)  // .initial
        webView.loadHTMLString("<title>Observed</title>", baseURL: nil)
        await until("the new title was reported") { titles.last?.new == .some("Observed") }
        await until("progress reached 1") { progress.last == 1 }
        #expect(titles.last?.old != nil)
        #expect(!progress.contains(-1))

        titleObservation.invalidate()
        let reported = titles.count
        webView.loadHTMLString("<title>Unobserved</title>", baseURL: nil)
        await until("loaded") { webView.title == "Unobserved" && !webView.isLoading }
        await never("a report after invalidate", within: .milliseconds(100)) { titles.count > reported }
        withExtendedLifetime(progressObservation) {}
    }

    @Test func aScriptsErrorsAreWKErrors() async throws {
        let webView = WKWebView()
        webView.loadHTMLString("<title>Script</title>", baseURL: nil)
        await until("loaded") { webView.title == "Script" && !webView.isLoading }
        await #expect(throws: WKError(.javaScriptExceptionOccurred)) {
            _ = try await webView.evaluateJavaScript("throw new Error('no lake')")
        }
        await #expect(throws: WKError(.javaScriptResultTypeIsUnsupported)) {
            _ = try await webView.evaluateJavaScript("(function () {})")
        }
        // A script is a script: its declarations are the page's globals.
        _ = try await webView.evaluateJavaScript("var lake = 'Tahoe'")
        let lake = try await webView.evaluateJavaScript("window.lake")
        #expect(lake as? String == "Tahoe")
        let sum = try await webView.callAsyncJavaScript(
            "return a + b", arguments: ["a": 2, "b": 3], contentWorld: .page)
        #expect((sum as? NSNumber)?.intValue == 5)

        var completions: [String] = []
        webView.evaluateJavaScript("document.title") { value, error in
            completions.append("\(value as? String ?? "nil") \(error == nil)")
        }
        webView.evaluateJavaScript("missing()", in: nil, in: .page) { result in
            if case .failure(let error as WKError) = result { completions.append("failure \(error.code.rawValue)") }
        }
        await until("both completions") { completions.count == 2 }
        #expect(completions.sorted() == ["Script true", "failure 4"])
    }
}
