import CWebKitGTK
import Foundation
import TestSupport
import Testing

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct ContextMenuTests {
    /// What the pointer is on when the menu opens.
    struct Target {
        var link: String?
        var image: String?
        var editable = false
    }

    /// Emits "context-menu" as WebKit does for a right click on `target`, with a menu that
    /// holds WebKit's own entries (here one separator), and returns whether the menu was
    /// suppressed and the menu itself.
    private func openMenu(on view: WebView, _ target: Target = Target()) -> (
        suppressed: Bool, menu: UnsafeMutablePointer<WebKitContextMenu>
    ) {
        let menu = webkit_context_menu_new()!
        webkit_context_menu_append(menu, webkit_context_menu_item_new_separator())  // WebKit's own entry
        var context = WEBKIT_HIT_TEST_RESULT_CONTEXT_DOCUMENT.rawValue
        if target.link != nil { context |= WEBKIT_HIT_TEST_RESULT_CONTEXT_LINK.rawValue }
        if target.image != nil { context |= WEBKIT_HIT_TEST_RESULT_CONTEXT_IMAGE.rawValue }
        if target.editable { context |= WEBKIT_HIT_TEST_RESULT_CONTEXT_EDITABLE.rawValue }
        var names: [StaticString] = ["context"]
        var values = [GValue()]
        g_value_init(&values[0], cwk_type_uint())
        g_value_set_uint(&values[0], context)
        for (name, uri) in [("link-uri" as StaticString, target.link), ("image-uri", target.image)] {
            guard let uri else { continue }
            names.append(name)
            values.append(GValue())
            g_value_init(&values[values.count - 1], cwk_type_string())
            g_value_set_string(&values[values.count - 1], uri)
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

    /// The menu's items, in order.
    private func items(of menu: UnsafeMutablePointer<WebKitContextMenu>) -> [UnsafeMutablePointer<
        WebKitContextMenuItem
    >] {
        (0..<webkit_context_menu_get_n_items(menu)).map { webkit_context_menu_get_item_at_position(menu, $0) }
    }

    @Test func theAppBuildsTheMenuFromTheLinkUnderThePointer() async throws {
        let view = WebView(WebPage())
        var seen: [WebView.ActivatedElementInfo] = []
        var chosen: [String] = []
        view.webViewContextMenu { element in
            let _ = seen.append(element)
            if let link = element.linkURL {
                Button("Open in Browser") { chosen.append("open \(link.absoluteString)") }
                Divider()
                Button("Copy Link") { chosen.append("copy") }
            } else {
                DefaultContextMenuItems()
            }
        }
        let onLink = openMenu(on: view, Target(link: "https://en.wikipedia.org/wiki/Lake_Baikal"))
        defer { g_object_unref(UnsafeMutableRawPointer(onLink.menu)) }
        #expect(!onLink.suppressed)
        let entries = items(of: onLink.menu)
        #expect(entries.count == 3)
        #expect(entries.map { webkit_context_menu_item_is_separator($0) != 0 } == [false, true, false])
        #expect(seen.last?.linkURL == URL(string: "https://en.wikipedia.org/wiki/Lake_Baikal"))
        g_action_activate(webkit_context_menu_item_get_gaction(entries[0]), nil)
        g_action_activate(webkit_context_menu_item_get_gaction(entries[2]), nil)
        #expect(chosen == ["open https://en.wikipedia.org/wiki/Lake_Baikal", "copy"])

        // Elsewhere the builder asks for WebKit's own menu: it stays as it was.
        let elsewhere = openMenu(on: view)
        defer { g_object_unref(UnsafeMutableRawPointer(elsewhere.menu)) }
        #expect(!elsewhere.suppressed)
        #expect(webkit_context_menu_get_n_items(elsewhere.menu) == 1)
        #expect(seen.last?.linkURL == nil)
    }

    @Test func submenusLoopsAndOptionalsBuildTheMenu() throws {
        let view = WebView(WebPage())
        let lakes = ["Baikal", "Tahoe", "Titicaca"]
        var chosen: [String] = []
        let showExtra: Bool? = nil
        view.webViewContextMenu { _ in
            Menu("Go to") {
                for lake in lakes {
                    Button(lake) { chosen.append(lake) }
                }
            }
            if showExtra == true {
                Button("Never shown") {}
            }
            DefaultContextMenuItems()
            Button("Last") { chosen.append("last") }
        }
        let opened = openMenu(on: view)
        defer { g_object_unref(UnsafeMutableRawPointer(opened.menu)) }
        let entries = items(of: opened.menu)
        #expect(entries.count == 3)  // the submenu, WebKit's separator, "Last"
        let submenu = try #require(webkit_context_menu_item_get_submenu(entries[0]))
        #expect(webkit_context_menu_get_n_items(submenu) == 3)
        #expect(webkit_context_menu_item_is_separator(entries[1]) != 0)
        for item in items(of: submenu).reversed() { g_action_activate(webkit_context_menu_item_get_gaction(item), nil) }
        g_action_activate(webkit_context_menu_item_get_gaction(entries[2]), nil)
        #expect(chosen == ["Titicaca", "Tahoe", "Baikal", "last"])
    }

    @Test func anEmptyMenuIsNoMenu() {
        let view = WebView(WebPage())
        view.webViewContextMenu { _ in }
        let opened = openMenu(on: view)
        defer { g_object_unref(UnsafeMutableRawPointer(opened.menu)) }
        #expect(opened.suppressed)
    }

    @Test func withoutTheModifierWebKitsMenuStays() {
        let view = WebView(WebPage())
        let opened = openMenu(on: view, Target(link: "https://example.org"))
        defer { g_object_unref(UnsafeMutableRawPointer(opened.menu)) }
        #expect(!opened.suppressed)
        #expect(webkit_context_menu_get_n_items(opened.menu) == 1)
    }

    @Test func theElementTellsImagesAndEditableFields() {
        let view = WebView(WebPage())
        var seen: [WebView.ActivatedElementInfo] = []
        view.webViewContextMenu { element in
            let _ = seen.append(element)
            DefaultContextMenuItems()
        }
        let onImage = openMenu(on: view, Target(image: "https://example.org/baikal.jpg"))
        g_object_unref(UnsafeMutableRawPointer(onImage.menu))
        let onField = openMenu(on: view, Target(editable: true))
        g_object_unref(UnsafeMutableRawPointer(onField.menu))
        #expect(seen.count == 2)
        #expect(seen.first?.imageURL == URL(string: "https://example.org/baikal.jpg"))
        #expect(seen.first?.linkURL == nil && seen.first?.isEditable == false)
        #expect(seen.last?.isEditable == true && seen.last?.imageURL == nil)
    }
}
