import CWebKitGTK
import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct FullscreenTests {
    private let page = "<div id=box style='background: teal'>a lake</div>"

    @Test func anElementGoesFullscreenAndBackThroughEveryState() async throws {
        let page = WebPage()
        let shown = ShownPage(page)
        defer { shown.close() }
        shown.view.webViewElementFullscreenBehavior(.enabled)
        _ = await outcome(of: page.load(html: self.page))
        let states = ObservedValues { page.fullscreenState }

        try await page.callJavaScript("await document.getElementById('box').requestFullscreen()")
        await until("the page is in fullscreen") { page.fullscreenState == .inFullscreen }
        #expect(try await page.callJavaScript("return document.fullscreenElement?.id") as? String == "box")

        try await page.callJavaScript("await document.exitFullscreen()")
        await until("the page left fullscreen") { page.fullscreenState == .notInFullscreen }
        await until("every state was seen") { states.values.count == 5 }
        #expect(
            states.values == [
                .notInFullscreen, .enteringFullscreen, .inFullscreen, .exitingFullscreen, .notInFullscreen,
            ])
    }

    @Test func elementFullscreenIsRefusedByDefault() async throws {
        let page = WebPage()
        _ = await outcome(of: page.load(html: self.page))
        await #expect(throws: JavaScriptError.self) {
            try await page.callJavaScript("await document.getElementById('box').requestFullscreen()")
        }
        #expect(page.fullscreenState == .notInFullscreen)
    }

    @Test func closingAllMediaPresentationsLeavesFullscreen() async throws {
        let page = WebPage()
        // Offscreen, with the engine's setting: fullscreen needs no window.
        webkit_settings_set_enable_fullscreen(webkit_web_view_get_settings(page.webView), 1)
        _ = await outcome(of: page.load(html: self.page))
        try await page.callJavaScript("await document.getElementById('box').requestFullscreen()")
        await until("the page is in fullscreen") { page.fullscreenState == .inFullscreen }

        await page.closeAllMediaPresentations()
        #expect(page.fullscreenState == .notInFullscreen)
        #expect(try await page.callJavaScript("return document.fullscreenElement === null") as? Bool == true)

        // With nothing presented it has nothing to do.
        await page.closeAllMediaPresentations()
        #expect(page.fullscreenState == .notInFullscreen)
    }
}
