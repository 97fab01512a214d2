import CWebKitGTK
import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct WebViewTests {
    @Test func aPageMovesIntoItsViewAndBackWhenTheViewGoes() async throws {
        let page = WebPage()
        var view: WebView? = WebView(page)
        let window = TestWindow(showing: view!, width: 640, height: 480)
        let result = await outcome(of: page.load(html: html(title: "Shown", body: "<p>hello")))
        #expect(result.events.last == .finished)
        let shownWidth = try await page.evaluateForTesting("return window.innerWidth")
        #expect(shownWidth == "640")
        // GTK destroys the window and everything in it; the page must survive that.
        window.close()
        view = nil
        #expect(page.hostingView == nil)
        let again = await outcome(of: page.load(html: html(title: "Offscreen")))
        #expect(again.events.last == .finished)
        let offscreenWidth = try await page.evaluateForTesting("return window.innerWidth")
        #expect(offscreenWidth == "1024")
    }

    @Test func theViewsWidgetGoesInAnAppsOwnContainerAndMovesBetweenThem() async throws {
        let view = WebView(WebPage())
        // An app's own window: a 300-pixel label beside the view, in a GtkPaned.
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        defer { gtk_widget_destroy(window) }
        gtk_window_set_default_size(UnsafeMutablePointer(OpaquePointer(window)), 900, 500)
        let paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
        gtk_container_add(UnsafeMutablePointer(OpaquePointer(window)), paned)
        let label = gtk_label_new("Sidebar")!
        gtk_widget_set_size_request(label, 300, -1)
        gtk_paned_pack1(UnsafeMutablePointer(OpaquePointer(paned)), label, cwk_false, cwk_false)
        gtk_paned_pack2(UnsafeMutablePointer(OpaquePointer(paned)), UnsafeMutablePointer(view.gtkWidget), 1, 0)
        gtk_paned_set_position(UnsafeMutablePointer(OpaquePointer(paned)), 300)
        gtk_widget_show_all(window)
        _ = await outcome(of: view.page.load(html: html(title: "Embedded")))
        let widget = UnsafeMutablePointer<GtkWidget>(view.gtkWidget)
        await until("the paned laid out the view") { gtk_widget_get_allocated_width(widget) > 1 }
        let shownWidth = try await view.page.callJavaScript("return innerWidth") as? Int
        #expect(shownWidth == Int(gtk_widget_get_allocated_width(widget)))
        #expect(shownWidth ?? 0 <= 600)

        // Taken out, the widget lives on (the view holds it) and shows the page elsewhere.
        gtk_container_remove(UnsafeMutablePointer(OpaquePointer(paned)), widget)
        #expect(gtk_widget_get_parent(widget) == nil)
        #expect(view.page.hostingView === view)
        let other = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        defer { gtk_widget_destroy(other) }
        gtk_window_set_default_size(UnsafeMutablePointer(OpaquePointer(other)), 500, 400)
        gtk_container_add(UnsafeMutablePointer(OpaquePointer(other)), widget)
        gtk_widget_show_all(other)
        await until("the page took the new window's width") {
            (try? await view.page.callJavaScript("return innerWidth") as? Int) == 500
        }
        #expect(view.page.title == "Embedded")
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
        await until("the load finished") { view.page.currentNavigationEvent?.event == .finished }
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
