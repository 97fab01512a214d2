import CWebKitGTK
import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct WebWindowTests {
    /// The title GTK holds for the window.
    private func gtkTitle(_ window: WebWindow) -> String? {
        gtk_window_get_title(UnsafeMutablePointer(window.gtkWindow)).map { String(cString: $0) }
    }

    /// Whether GTK still lists the window among its toplevels (it drops destroyed ones).
    private func isToplevel(_ pointer: OpaquePointer) -> Bool {
        let list = gtk_window_list_toplevels()
        defer { g_list_free(list) }
        var node = list
        while let current = node {
            if current.pointee.data == UnsafeMutableRawPointer(pointer) { return true }
            node = current.pointee.next
        }
        return false
    }

    @Test func theTitleFollowsThePage() async throws {
        let window = WebWindow(appName: "Fallback")
        defer { window.close() }
        window.present()
        _ = await outcome(of: window.page.load(html: html(title: "First")))
        await until("the first title") { gtkTitle(window) == "First" }
        _ = await outcome(of: window.page.load(html: html(title: "Second")))
        await until("the second title") { gtkTitle(window) == "Second" }
        try await window.page.callJavaScript("document.title = 'Set by script'")
        await until("the script's title") { gtkTitle(window) == "Set by script" }
        #expect(window.title == "Set by script")
    }

    @Test func aPageWithoutATitleShowsTheAppName() async throws {
        let window = WebWindow(appName: "Fallback")
        defer { window.close() }
        #expect(gtkTitle(window) == "Fallback")  // before anything loads
        window.present()
        _ = await outcome(of: window.page.load(html: html(title: "Titled")))
        await until("the page's title") { gtkTitle(window) == "Titled" }
        try await window.page.callJavaScript("document.title = ''")
        await until("the app's name again") { gtkTitle(window) == "Fallback" }
        window.appName = "Renamed"
        #expect(gtkTitle(window) == "Renamed")
        _ = await outcome(of: window.page.load(html: "<p>no title"))
        #expect(gtkTitle(window) == "Renamed")
    }

    @Test func withoutAnAppNameTheProgramsNameIsTheFallback() {
        let window = WebWindow()
        defer { window.close() }
        let programName = String(cString: g_get_application_name())
        #expect(!programName.isEmpty)
        #expect(gtkTitle(window) == programName)
        #expect(window.appName == programName)
    }

    @Test func closingDestroysTheWindowAndThePageLivesOnOffscreen() async throws {
        let page = WebPage()
        let window = WebWindow(page: page, width: 640, height: 480)
        var closes = 0
        window.onClose = { closes += 1 }
        window.present()
        _ = await outcome(of: page.load(html: html(title: "Shown")))
        #expect(try await page.callJavaScript("return innerWidth") as? Int == 640)
        let pointer = window.gtkWindow
        #expect(isToplevel(pointer))

        window.close()
        #expect(window.isClosed)
        #expect(closes == 1)
        #expect(!isToplevel(pointer))
        #expect(page.hostingView == nil)
        #expect(!page.isClosed)
        window.close()
        window.present()  // neither does anything now
        #expect(closes == 1)
        #expect(!isToplevel(pointer))

        let again = await outcome(of: page.load(html: html(title: "Offscreen")))
        #expect(again.events.last == .finished)
        #expect(try await page.callJavaScript("return innerWidth") as? Int == 1024)
        let next = WebWindow(page: page)  // and a new window can show it
        defer { next.close() }
        #expect(page.hostingView === next.webView)
    }

    @Test func theCloseButtonClosesTheWindow() async {
        let window = WebWindow(appName: "Closable")
        var closed = false
        window.onClose = { closed = true }
        window.present()
        // What the close button does: a delete event, which GTK answers by destroying the window.
        gtk_window_close(UnsafeMutablePointer(window.gtkWindow))
        await until("the window closed") { window.isClosed }
        #expect(closed)
        #expect(!isToplevel(window.gtkWindow))
    }

    @Test func anOpenWindowKeepsItselfAliveAndGoesWithItsPageOnceClosed() async throws {
        weak var weakWindow: WebWindow?
        weak var weakPage: WebPage?
        do {
            let window = WebWindow(appName: "Unheld")
            window.present()
            _ = await outcome(of: window.page.load(html: html(title: "Unheld page")))
            weakWindow = window
            weakPage = window.page
        }
        await until("the window shows the page's title") { weakWindow?.title == "Unheld page" }
        #expect(weakWindow?.title == "Unheld page")
        weakWindow?.close()
        #expect(weakWindow == nil)
        #expect(weakPage == nil)  // nothing held the page: it went with the window
    }

    @Test func closingThePageClosesTheWindow() async {
        let window = WebWindow(appName: "Closing")
        var closed = false
        window.onClose = { closed = true }
        window.present()
        _ = await outcome(of: window.page.load(html: html(title: "About to close")))
        window.page.close()
        await until("the window closed") { window.isClosed }
        #expect(closed)
        #expect(!isToplevel(window.gtkWindow))
    }

    @Test func thePageDrawsAtTheWindowsSize() async throws {
        let window = WebWindow(width: 800, height: 600)
        defer { window.close() }
        window.present()
        let page = "<style>html, body { margin: 0; height: 100%; background: rgb(0, 128, 255) }</style>"
        _ = await outcome(of: window.page.load(html: page))
        let size = try await window.page.callJavaScript("return [innerWidth, innerHeight]") as? [Int]
        #expect(size == [800, 600])
        let engine = UnsafeMutablePointer<GtkWidget>(window.page.engineObjectForTesting)
        #expect(gtk_widget_get_allocated_width(engine) == 800)
        #expect(gtk_widget_get_allocated_height(engine) == 600)
        // The window's bottom-right pixel, read back from the X server, is the page's.
        await until("the page painted the window's corner") {
            cornerPixel(of: window) == [0, 128, 255]
        }
    }

    /// The red, green and blue of the window's bottom-right pixel as drawn on the display.
    private func cornerPixel(of window: WebWindow) -> [Int]? {
        guard let gdkWindow = gtk_widget_get_window(UnsafeMutablePointer(window.gtkWindow)) else { return nil }
        let width = gdk_window_get_width(gdkWindow)
        let height = gdk_window_get_height(gdkWindow)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1)!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        gdk_cairo_set_source_window(cairo, gdkWindow, Double(1 - width), Double(1 - height))
        cairo_paint(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let pixel = data.withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        return [Int(pixel >> 16 & 0xff), Int(pixel >> 8 & 0xff), Int(pixel & 0xff)]
    }

    @Test func aViewAlreadyInAWindowIsCaught() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let view = WebView(WebPage())
                let first = WebWindow(view)
                let second = WebWindow(view)
                _ = (first, second)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("already in a window or container"))
    }

    @Test func aViewDestroyedWithItsWindowIsCaught() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let view = WebView(WebPage())
                WebWindow(view).close()
                _ = WebWindow(view)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("destroyed with its window"))
    }
}
