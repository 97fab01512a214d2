internal import CWebKitGTK
import Foundation
import GLibBridge

/// What a context menu was opened on.
public struct ContextMenuElement: Sendable, Hashable {
    /// The link under the pointer, if any.
    public let linkURL: URL?
    /// The image under the pointer, if any.
    public let imageURL: URL?
    /// Whether it is editable (a text field or an editable region).
    public let isEditable: Bool
}

/// An entry of a context menu the app builds.
public enum ContextMenuItem {
    /// A command with its title; `action` runs when it is chosen.
    case action(title: String, action: @MainActor () -> Void)
    /// A line between groups.
    case separator
}

extension WebView {
    /// Builds the menu when a context menu opens: from WebKit's own plus the app's choice.
    func connectContextMenu() -> SignalConnection {
        page.view.connect("context-menu") { [weak self] arguments in
            guard let self, let builder = contextMenu, let menu = arguments.object(1) else { return false }
            let hit = arguments.object(3).map { UnsafeMutablePointer<WebKitHitTestResult>($0) }
            let element = ContextMenuElement(
                linkURL: hit.flatMap { String(optionalCString: webkit_hit_test_result_get_link_uri($0)) }
                    .flatMap { URL(string: $0) },
                imageURL: hit.flatMap { String(optionalCString: webkit_hit_test_result_get_image_uri($0)) }
                    .flatMap { URL(string: $0) },
                isEditable: hit.map { webkit_hit_test_result_context_is_editable($0) != 0 } ?? false)
            guard let items = builder(element) else { return false }  // WebKit's own menu
            guard !items.isEmpty else { return true }  // no menu at all
            let raw = UnsafeMutablePointer<WebKitContextMenu>(menu)
            webkit_context_menu_remove_all(raw)
            menuActions.removeAll()
            menuConnections.removeAll()
            for (index, item) in items.enumerated() {
                switch item {
                case .separator:
                    webkit_context_menu_append(raw, webkit_context_menu_item_new_separator())
                case .action(let title, let action):
                    let gaction = GObjectReference(adopting: g_simple_action_new("context-item-\(index)", nil)!)
                    menuActions.append(gaction)
                    menuConnections.append(
                        gaction.connect("activate") { _ in
                            action()
                            return nil
                        })
                    webkit_context_menu_append(
                        raw, webkit_context_menu_item_new_from_gaction(gaction.pointer, title, nil))
                }
            }
            return false
        }
    }
}
