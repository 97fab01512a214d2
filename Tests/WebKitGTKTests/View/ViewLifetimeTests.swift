import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct ViewLifetimeTests {
    // A view's container must give the engine's view back before it goes: GTK destroys
    // a finalized container's children, and a destroyed engine view runs no script.
    @Test func aPageRunsScriptAfterAViewThatWasNeverShownGoes() async throws {
        let page = WebPage()
        _ = await outcome(of: page.load(html: html(title: "Kept")))
        var view: WebView? = WebView(page)
        #expect(view != nil)
        view = nil
        #expect(try await page.callJavaScript("return document.title") as? String == "Kept")
    }

    @Test func aPageRunsScriptAfterItsWindowGoesWhenTheViewWentFirst() async throws {
        let page = WebPage()
        var view: WebView? = WebView(page)
        var window: TestWindow? = TestWindow(showing: view!)
        _ = await outcome(of: page.load(html: html(title: "Kept")))
        view = nil
        window = nil
        #expect(window == nil)
        #expect(try await page.callJavaScript("return document.title") as? String == "Kept")
        // The page can be shown again.
        let again = WebView(page)
        let shown = TestWindow(showing: again, width: 640, height: 480)
        await until("the page took the new window's size") {
            (try? await page.callJavaScript("return innerWidth") as? Int) == 640
        }
        withExtendedLifetime(shown) {}
    }
}
