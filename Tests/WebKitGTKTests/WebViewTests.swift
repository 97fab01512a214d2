import CWebKitGTK
import Foundation
import TestSupport
import Testing

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct WebViewTests {
    private func showInWindow(_ view: WebView) -> UnsafeMutablePointer<GtkWidget> {
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(UnsafeMutablePointer(OpaquePointer(window)), 640, 480)
        gtk_container_add(UnsafeMutablePointer(OpaquePointer(window)), UnsafeMutablePointer(view.widget))
        gtk_widget_show_all(window)
        return window
    }

    @Test func aPageMovesIntoItsViewAndBackWhenTheViewGoes() async throws {
        let page = WebPage()
        var view: WebView? = WebView(page)
        let window = showInWindow(view!)
        let result = await outcome(of: page.load(html: html(title: "Shown", body: "<p>hello")))
        #expect(result.events.last == .finished)
        let shownWidth = try await page.evaluateForTesting("return window.innerWidth")
        #expect(shownWidth == "640")
        // GTK destroys the window and everything in it; the page must survive that.
        gtk_widget_destroy(window)
        view = nil
        #expect(page.hostingView == nil)
        let again = await outcome(of: page.load(html: html(title: "Offscreen")))
        #expect(again.events.last == .finished)
        let offscreenWidth = try await page.evaluateForTesting("return window.innerWidth")
        #expect(offscreenWidth == "1024")
    }

    @Test func aPageCanBeShownByANewViewAfterTheOldOneWent() async throws {
        let page = WebPage()
        var first: WebView? = WebView(page)
        #expect(page.hostingView === first)
        first = nil
        let second = WebView(page)
        #expect(page.hostingView === second)
    }

    @Test func webViewWithURLLoadsIt() async throws {
        let view = WebView(url: URL(string: "about:blank"))
        await waitUntil("the load finished") { view.page.currentNavigationEvent?.event == .finished }
        #expect(view.page.url == URL(string: "about:blank"))
    }

    @Test func aSecondViewOnTheSamePageIsCaught() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let page = WebPage()
                let first = WebView(page)
                let second = WebView(page)
                _ = (first, second)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("already shown by another WebView"))
    }
}
