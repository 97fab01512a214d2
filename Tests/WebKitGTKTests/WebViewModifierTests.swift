import Foundation
import TestSupport
import Testing

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct WebViewModifierTests {
    @Test func defaultsAreApples() {
        let view = WebView(WebPage())
        #expect(view.allowsBackForwardNavigationGestures)
        #expect(!view.allowsElementFullscreen)
        #expect(!view.isInspectable)
        #expect(view.magnification == 1)
        #expect(view.drawsBackground)
        #expect(view.isTextSelectionEnabled)
    }

    @Test func magnificationScalesThePage() async throws {
        let view = WebView(WebPage())
        _ = await outcome(of: view.page.load(html: "<p>zoom"))
        let before = try await view.page.callJavaScript("return window.innerWidth") as? Int
        view.magnification = 2
        let after = try await view.page.callJavaScript("return window.innerWidth") as? Int
        #expect(before == 1024)
        #expect(after == 512)
        view.magnification = 100
        #expect(view.magnification == 5)
    }

    @Test func textSelectionCanBeTurnedOff() async throws {
        let view = WebView(WebPage())
        view.isTextSelectionEnabled = false
        _ = await outcome(of: view.page.load(html: "<p id='p'>Lake Baikal</p>"))
        let select = "getSelection().selectAllChildren(document.body); return getSelection().toString().trim()"
        #expect(try await view.page.callJavaScript(select) as? String == "")
        view.isTextSelectionEnabled = true
        _ = await outcome(of: view.page.load(html: "<p id='p'>Lake Baikal</p>"))
        #expect(try await view.page.callJavaScript(select) as? String == "Lake Baikal")
    }

    @Test func settingsChangeWhenAsked() {
        let view = WebView(WebPage())
        view.allowsElementFullscreen = true
        view.isInspectable = true
        view.allowsBackForwardNavigationGestures = false
        view.drawsBackground = false
        #expect(view.allowsElementFullscreen)
        #expect(view.isInspectable)
        #expect(!view.allowsBackForwardNavigationGestures)
        #expect(!view.drawsBackground)
    }
}
