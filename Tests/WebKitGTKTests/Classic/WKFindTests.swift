import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct WKFindTests {
    /// "salmon" at 0, "Salmon" at 13 and "salmon" at 25 of one text node.
    private func lakePage() async -> WKWebView {
        let webView = WKWebView()
        webView.loadHTMLString(html(title: "Find", body: "<p id=t>salmon trout Salmon lake salmon</p>"), baseURL: nil)
        await until("loaded") { webView.title == "Find" && !webView.isLoading }
        return webView
    }

    /// Where the selected match starts in the paragraph's text; nil for no selection.
    private func selectionStart(_ webView: WKWebView) async throws -> Int? {
        try await webView.evaluateJavaScript(
            "(() => { const s = getSelection(); return s.rangeCount && !s.isCollapsed ? s.getRangeAt(0).startOffset : null })()"
        ) as? Int
    }

    private func configuration(backwards: Bool = false, caseSensitive: Bool = false, wraps: Bool = true)
        -> WKFindConfiguration
    {
        let configuration = WKFindConfiguration()
        configuration.backwards = backwards
        configuration.caseSensitive = caseSensitive
        configuration.wraps = wraps
        return configuration
    }

    @Test func theDefaultsAreForwardsAnyCaseAndWrapping() {
        let configuration = WKFindConfiguration()
        #expect(!configuration.backwards)
        #expect(!configuration.caseSensitive)
        #expect(configuration.wraps)
        let copy = configuration.copy() as! WKFindConfiguration
        #expect(copy !== configuration && copy.wraps)
    }

    @Test func repeatedFindsMoveForwardAndWrap() async throws {
        let webView = await lakePage()
        var starts: [Int?] = []
        for _ in 0..<4 {
            #expect(try await webView.find("salmon").matchFound)
            starts.append(try await selectionStart(webView))
        }
        #expect(starts == [0, 13, 25, 0])
    }

    @Test func backwardsFindsGoToThePreviousMatch() async throws {
        let webView = await lakePage()
        #expect(try await webView.find("salmon").matchFound)
        #expect(try await selectionStart(webView) == 0)
        // Before the first match, wrapping, comes the last.
        #expect(try await webView.find("salmon", configuration: configuration(backwards: true)).matchFound)
        #expect(try await selectionStart(webView) == 25)
        #expect(try await webView.find("salmon", configuration: configuration(backwards: true)).matchFound)
        #expect(try await selectionStart(webView) == 13)
    }

    @Test func caseSensitiveFindsSkipOtherCases() async throws {
        let webView = await lakePage()
        let sensitive = configuration(caseSensitive: true)
        #expect(try await webView.find("Salmon", configuration: sensitive).matchFound)
        #expect(try await selectionStart(webView) == 13)
        #expect(try await webView.find("SALMON", configuration: sensitive).matchFound == false)
        #expect(try await webView.find("SALMON").matchFound)
    }

    @Test func withoutWrappingTheEndIsNotFound() async throws {
        let webView = await lakePage()
        let once = configuration(caseSensitive: true, wraps: false)
        #expect(try await webView.find("salmon", configuration: once).matchFound)
        #expect(try await selectionStart(webView) == 0)
        #expect(try await webView.find("salmon", configuration: once).matchFound)
        #expect(try await selectionStart(webView) == 25)
        #expect(try await webView.find("salmon", configuration: once).matchFound == false)
    }

    @Test func absentAndEmptyTextIsNotFoundAndTheHandlerIsCalled() async throws {
        let webView = await lakePage()
        var results: [Bool] = []
        webView.find("pike") { results.append($0.matchFound) }
        webView.find("") { results.append($0.matchFound) }
        await until("both answered") { results.count == 2 }
        #expect(results == [false, false])
        // The page goes on finding.
        #expect(try await webView.find("trout").matchFound)
    }
}
