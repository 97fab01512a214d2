import CWebKitGTK
import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct FindNavigatorTests {
    static let text = """
        <h1>Lakes</h1><p>A lake is a body of water. Lake Baikal is the deepest LAKE; Lake Tahoe is clear.</p>
        <p>Crater Lake fills a volcano. Lakeside towns line many lakes.</p>
        """

    private func shownView() async -> (WebView, TestWindow) {
        let view = WebView(WebPage())
        let window = TestWindow(showing: view, width: 800, height: 600)
        _ = await outcome(of: view.page.load(html: Self.text))
        return (view, window)
    }

    @Test func theCountIsTheTrueNumberOfOccurrences() async throws {
        let (view, window) = await shownView()
        defer { window.close() }
        let truth =
            try await view.page.callJavaScript(
                "return document.body.innerText.toLowerCase().split('lake').length - 1") as? Int
        view.findNavigator.isPresented = true
        view.findNavigator.bar?.type("lake")  // as typed into the bar's entry
        await until("the matches were counted") { view.findNavigator.matchCount != nil }
        #expect(view.findNavigator.matchCount == truth)
        #expect(view.findNavigator.currentMatch == 1)
        #expect(view.findNavigator.statusText == "1 of \(truth ?? -1)")

        view.findNavigator.isCaseSensitive = true
        await until("the case-sensitive count") { view.findNavigator.matchCount != nil }
        let exact =
            try await view.page.callJavaScript("return document.body.innerText.split('lake').length - 1") as? Int
        #expect(view.findNavigator.matchCount == exact)
    }

    @Test func nextAndPreviousMoveThroughTheMatchesAndWrap() async throws {
        let (view, window) = await shownView()
        defer { window.close() }
        let find = view.findNavigator
        find.isPresented = true
        find.search("Lake ")
        await until("counted") { find.matchCount != nil }
        let count = try #require(find.matchCount)
        #expect(count == 4)  // "A lake is", "Lake Baikal", "Lake Tahoe", "Crater Lake fills"
        var seen: [Int] = []
        for _ in 0..<count {
            find.next()
            seen.append(find.currentMatch ?? 0)
        }
        #expect(seen == [2, 3, 4, 1])
        find.previous()
        #expect(find.currentMatch == 4)
        // WebKit selects the current match.
        await until("WebKit selected the match") {
            let selected = try? await view.page.callJavaScript("return window.getSelection().toString()") as? String
            return selected?.lowercased() == "lake "
        }
        let selected = try await view.page.callJavaScript("return window.getSelection().toString()") as? String
        #expect(selected?.lowercased() == "lake ")
    }

    @Test func noMatchesIsAClearStateAndEscapeClosesAndClears() async throws {
        let (view, window) = await shownView()
        defer { window.close() }
        let find = view.findNavigator
        find.isPresented = true
        find.search("volcanoes of Mars")
        await until("counted") { find.matchCount != nil }
        #expect(find.matchCount == 0)
        #expect(find.statusText == "No matches")
        find.next()
        #expect(find.currentMatch == nil)

        find.search("lake")
        await until("counted") { (find.matchCount ?? 0) > 0 }
        let entry = try #require(find.bar?.entry.reference.pointer)
        g_signal_emit_by_name_shim(UnsafeMutablePointer(entry), "stop-search")
        #expect(!find.isPresented)
        #expect(find.query.isEmpty)
        #expect(find.matchCount == nil)
    }

    @Test func theBarIsMadeWhenFirstPresentedAndSitsAboveThePage() async throws {
        let (view, window) = await shownView()
        defer { window.close() }
        let find = view.findNavigator
        #expect(find.bar == nil)
        find.isPresented = true
        let bar = try #require(find.bar)
        let barWidget = UnsafeMutablePointer<GtkWidget>(bar.searchBar.reference.pointer)
        let children = gtk_container_get_children(UnsafeMutablePointer<GtkContainer>(view.gtkWidget))
        defer { g_list_free(children) }
        #expect(g_list_length(children) == 2)
        #expect(children?.pointee.data == UnsafeMutableRawPointer(barWidget))
        #expect(gtk_widget_get_visible(barWidget) != 0)
        find.isPresented = false
        #expect(gtk_widget_get_visible(barWidget) == 0)
        find.isPresented = true
        #expect(find.bar === bar)
    }

    @Test func aDisabledNavigatorCannotBePresented() async throws {
        let (view, window) = await shownView()
        defer { window.close() }
        view.findNavigator.isEnabled = false
        view.findNavigator.isPresented = true
        #expect(!view.findNavigator.isPresented)
    }
}

/// Emits a signal without arguments, as a key binding would.
@MainActor
private func g_signal_emit_by_name_shim(_ widget: UnsafeMutablePointer<GtkWidget>, _ signal: String) {
    var instance = GValue()
    g_value_init(&instance, gtk_widget_get_type())
    g_value_set_object(&instance, UnsafeMutableRawPointer(widget))
    g_signal_emitv(&instance, g_signal_lookup(signal, G_TYPE_FROM_INSTANCE_shim(widget)), 0, nil)
    g_value_unset(&instance)
}

private func G_TYPE_FROM_INSTANCE_shim(_ widget: UnsafeMutablePointer<GtkWidget>) -> GType {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
}
