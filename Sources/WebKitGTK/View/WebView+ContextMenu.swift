internal import CWebKitGTK
import Foundation
import GLibBridge

extension WebView {
    /// What a context menu was opened on, as Apple's `WebView.ActivatedElementInfo`.
    public struct ActivatedElementInfo: Hashable, Sendable {
        /// The link under the pointer, if any. `webkit_hit_test_result_get_link_uri`.
        public let linkURL: URL?
        /// The image under the pointer, if any (Apple's has none).
        /// `webkit_hit_test_result_get_image_uri`.
        public let imageURL: URL?
        /// Whether it is editable: a text field or an editable region (Apple's has none).
        /// `webkit_hit_test_result_context_is_editable`.
        public let isEditable: Bool
    }

    /// Replaces the view's context menu with one built from what it was opened on.
    ///
    ///     view.webViewContextMenu { element in
    ///         if let url = element.linkURL {
    ///             Button("Open Link in Browser") { open(url) }
    ///             Button("Copy Link Address") { copy(url) }
    ///         } else {
    ///             DefaultContextMenuItems()
    ///         }
    ///     }
    ///
    /// The closure builds the menu with ``Button``, ``Divider`` and ``Menu`` (a submenu);
    /// content with no entries shows no menu, and ``DefaultContextMenuItems`` puts WebKit's
    /// own items in. Without this modifier the view shows WebKit's own menu. The menu is
    /// WebKitGTK's (`context-menu` signal): each button becomes a `GAction` item
    /// (`webkit_context_menu_item_new_from_gaction`), each submenu
    /// `webkit_context_menu_item_new_with_submenu`. Apple's is macOS only.
    ///
    /// - Parameter menu: Builds the menu for the element the menu was opened on.
    /// - Returns: This view.
    @discardableResult
    public func webViewContextMenu(
        @ContextMenuBuilder menu: @escaping @MainActor (ActivatedElementInfo) -> ContextMenuContent
    ) -> Self {
        contextMenuBuilder = menu
        return self
    }

    /// Builds the menu when a context menu opens, from the app's content and WebKit's items.
    func connectContextMenu() -> SignalConnection {
        page.view.connect("context-menu") { [weak self] arguments in
            guard let self, let builder = contextMenuBuilder, let menu = arguments.object(1) else { return false }
            let hit = arguments.object(3).map { UnsafeMutablePointer<WebKitHitTestResult>($0) }
            let element = ActivatedElementInfo(
                linkURL: hit.flatMap { String(optionalCString: webkit_hit_test_result_get_link_uri($0)) }
                    .flatMap { URL(string: $0) },
                imageURL: hit.flatMap { String(optionalCString: webkit_hit_test_result_get_image_uri($0)) }
                    .flatMap { URL(string: $0) },
                isEditable: hit.map { webkit_hit_test_result_context_is_editable($0) != 0 } ?? false)
            let content = builder(element)
            guard !content.isEmpty else { return true }  // no menu at all
            if content.entries.count == 1, case .webKitItems = content.entries[0] { return false }
            let raw = UnsafeMutablePointer<WebKitContextMenu>(menu)
            var webKitItems = takeItems(of: raw)
            menuActions.removeAll()
            menuConnections.removeAll()
            fill(raw, with: content.entries, webKitItems: &webKitItems)
            for item in webKitItems { g_object_unref(item) }  // WebKit's items the app left out
            return false
        }
    }

    /// Empties `menu`, returning its items with a reference each.
    private func takeItems(of menu: UnsafeMutablePointer<WebKitContextMenu>) -> [UnsafeMutableRawPointer] {
        var items: [UnsafeMutableRawPointer] = []
        var node = webkit_context_menu_get_items(menu)
        while let current = node {
            if let item = current.pointee.data { items.append(g_object_ref(item)) }
            node = current.pointee.next
        }
        webkit_context_menu_remove_all(menu)
        return items
    }

    /// Appends `entries` to `menu`; WebKit's items go where they are first asked for.
    private func fill(
        _ menu: UnsafeMutablePointer<WebKitContextMenu>, with entries: [ContextMenuContent.Entry],
        webKitItems: inout [UnsafeMutableRawPointer]
    ) {
        for entry in entries {
            switch entry {
            case .divider:
                webkit_context_menu_append(menu, webkit_context_menu_item_new_separator())
            case .button(let title, let action):
                let gaction = GObjectReference(
                    adopting: g_simple_action_new("context-item-\(menuActions.count)", nil)!)
                menuActions.append(gaction)
                menuConnections.append(
                    gaction.connect("activate") { _ in
                        action()
                        return nil
                    })
                webkit_context_menu_append(menu, webkit_context_menu_item_new_from_gaction(gaction.pointer, title, nil))
            case .menu(let title, let content):
                let submenu = webkit_context_menu_new()!
                fill(submenu, with: content.entries, webKitItems: &webKitItems)
                webkit_context_menu_append(menu, webkit_context_menu_item_new_with_submenu(title, submenu))
                g_object_unref(submenu)  // the item holds its own reference
            case .webKitItems:
                for item in webKitItems {
                    webkit_context_menu_append(menu, UnsafeMutablePointer(OpaquePointer(item)))
                    g_object_unref(item)
                }
                webKitItems.removeAll()
            }
        }
    }
}
