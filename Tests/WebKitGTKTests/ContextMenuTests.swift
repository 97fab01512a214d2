import CWebKitGTK
import Foundation
import TestSupport
import Testing

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct ContextMenuTests {
    /// Emits "context-menu" as WebKit does for a right click on a link, and returns whether
    /// the menu was suppressed and the menu itself.
    private func openMenu(on view: WebView, link: String?) -> (
        suppressed: Bool, menu: UnsafeMutablePointer<WebKitContextMenu>
    ) {
        let menu = webkit_context_menu_new()!
        webkit_context_menu_append(menu, webkit_context_menu_item_new_separator())  // WebKit's own entries
        var names: [StaticString] = ["context"]
        var values = [GValue()]
        g_value_init(&values[0], cwk_type_uint())
        g_value_set_uint(
            &values[0],
            link == nil
                ? WEBKIT_HIT_TEST_RESULT_CONTEXT_DOCUMENT.rawValue : WEBKIT_HIT_TEST_RESULT_CONTEXT_LINK.rawValue)
        if let link {
            names.append("link-uri")
            values.append(GValue())
            g_value_init(&values[1], cwk_type_string())
            g_value_set_string(&values[1], link)
        }
        let namePointers = names.map { UnsafePointer<CChar>(OpaquePointer($0.utf8Start)) as UnsafePointer<CChar>? }
        let hit = namePointers.withUnsafeBufferPointer { nameBuffer in
            values.withUnsafeBufferPointer { valueBuffer in
                g_object_new_with_properties(
                    webkit_hit_test_result_get_type(), guint(names.count),
                    UnsafeMutablePointer(mutating: nameBuffer.baseAddress), valueBuffer.baseAddress)
            }
        }!
        for index in values.indices { g_value_unset(&values[index]) }
        var parameters = [GValue(), GValue(), GValue(), GValue()]
        g_value_init(&parameters[0], webkit_web_view_get_type())
        g_value_set_object(&parameters[0], UnsafeMutableRawPointer(view.page.engineObjectForTesting))
        g_value_init(&parameters[1], webkit_context_menu_get_type())
        g_value_set_object(&parameters[1], UnsafeMutableRawPointer(menu))
        g_value_init(&parameters[2], gdk_event_get_type())
        g_value_init(&parameters[3], webkit_hit_test_result_get_type())
        g_value_set_object(&parameters[3], UnsafeMutableRawPointer(hit))
        var result = GValue()
        g_value_init(&result, cwk_type_boolean())
        g_signal_emitv(&parameters, g_signal_lookup("context-menu", webkit_web_view_get_type()), 0, &result)
        let suppressed = g_value_get_boolean(&result) != 0
        for index in parameters.indices { g_value_unset(&parameters[index]) }
        g_object_unref(UnsafeMutableRawPointer(hit))
        return (suppressed, menu)
    }

    @Test func theAppBuildsTheMenuFromTheLinkUnderThePointer() async throws {
        let view = WebView(WebPage())
        var seen: [ContextMenuElement] = []
        var chosen: [URL] = []
        view.contextMenu = { element in
            seen.append(element)
            guard let link = element.linkURL else { return nil }
            return [
                .action(title: "Open in Browser") { chosen.append(link) }, .separator, .action(title: "Copy Link") {},
            ]
        }
        let onLink = openMenu(on: view, link: "https://en.wikipedia.org/wiki/Lake_Baikal")
        defer { g_object_unref(UnsafeMutableRawPointer(onLink.menu)) }
        #expect(!onLink.suppressed)
        #expect(webkit_context_menu_get_n_items(onLink.menu) == 3)
        #expect(seen.last?.linkURL == URL(string: "https://en.wikipedia.org/wiki/Lake_Baikal"))
        let first = webkit_context_menu_first(onLink.menu)!
        g_action_activate(webkit_context_menu_item_get_gaction(first), nil)
        #expect(chosen == [URL(string: "https://en.wikipedia.org/wiki/Lake_Baikal")!])

        // Elsewhere the builder returns nil: WebKit's own menu stays as it was.
        let elsewhere = openMenu(on: view, link: nil)
        defer { g_object_unref(UnsafeMutableRawPointer(elsewhere.menu)) }
        #expect(!elsewhere.suppressed)
        #expect(webkit_context_menu_get_n_items(elsewhere.menu) == 1)
        #expect(seen.last?.linkURL == nil)
    }

    @Test func anEmptyMenuIsNoMenu() {
        let view = WebView(WebPage())
        view.contextMenu = { _ in [] }
        let opened = openMenu(on: view, link: nil)
        defer { g_object_unref(UnsafeMutableRawPointer(opened.menu)) }
        #expect(opened.suppressed)
    }
}
