/// The entries of a context menu, as a ``ContextMenuBuilder`` closure makes them.
///
/// ``WebView/webViewContextMenu(menu:)`` builds the menu from it; content with no entries
/// means no menu at all.
public struct ContextMenuContent {
    enum Entry {
        case button(title: String, action: @MainActor () -> Void)
        case divider
        case menu(title: String, content: ContextMenuContent)
        case webKitItems
    }

    var entries: [Entry]

    /// No entries: no menu.
    public static var empty: ContextMenuContent { ContextMenuContent(entries: []) }

    /// Whether there are no entries.
    public var isEmpty: Bool { entries.isEmpty }
}

/// Builds ``ContextMenuContent`` from ``Button``, ``Divider``, ``Menu`` and
/// ``DefaultContextMenuItems``, with `if`, `if let`, `switch` and `for`, as SwiftUI's
/// `@ViewBuilder` builds a menu.
///
///     view.webViewContextMenu { element in
///         if let url = element.linkURL {
///             Button("Open Link") { page.load(url) }
///             Divider()
///             Menu("Share") { Button("Copy Address") { copy(url) } }
///         } else {
///             DefaultContextMenuItems()
///         }
///     }
@resultBuilder
public enum ContextMenuBuilder {
    /// A button.
    public static func buildExpression(_ button: Button) -> ContextMenuContent {
        ContextMenuContent(entries: [.button(title: button.title, action: button.action)])
    }

    /// A divider.
    public static func buildExpression(_ divider: Divider) -> ContextMenuContent {
        ContextMenuContent(entries: [.divider])
    }

    /// A submenu.
    public static func buildExpression(_ menu: Menu) -> ContextMenuContent {
        ContextMenuContent(entries: [.menu(title: menu.title, content: menu.content)])
    }

    /// WebKit's own items.
    public static func buildExpression(_ items: DefaultContextMenuItems) -> ContextMenuContent {
        ContextMenuContent(entries: [.webKitItems])
    }

    /// Content built elsewhere, such as by a `@ContextMenuBuilder` function.
    public static func buildExpression(_ content: ContextMenuContent) -> ContextMenuContent { content }

    /// Entries in order.
    public static func buildBlock(_ parts: ContextMenuContent...) -> ContextMenuContent {
        ContextMenuContent(entries: parts.flatMap(\.entries))
    }

    /// The entries of an `if` without `else`, or none.
    public static func buildOptional(_ part: ContextMenuContent?) -> ContextMenuContent { part ?? .empty }

    /// The entries of the first branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: ContextMenuContent) -> ContextMenuContent { part }

    /// The entries of the second branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: ContextMenuContent) -> ContextMenuContent { part }

    /// The entries of every pass of a `for` loop, in order.
    public static func buildArray(_ parts: [ContextMenuContent]) -> ContextMenuContent {
        ContextMenuContent(entries: parts.flatMap(\.entries))
    }

    /// The entries of an `if #available` branch.
    public static func buildLimitedAvailability(_ part: ContextMenuContent) -> ContextMenuContent { part }
}

/// A context menu command, as SwiftUI's `Button` in a menu.
///
///     Button("Copy Link Address") { copy(url) }
public struct Button {
    let title: String
    let action: @MainActor () -> Void

    /// Creates a command.
    ///
    /// - Parameters:
    ///   - title: Its label.
    ///   - action: Runs when it is chosen.
    public init(_ title: some StringProtocol, action: @escaping @MainActor () -> Void) {
        self.title = String(title)
        self.action = action
    }
}

/// A line between groups of a context menu, as SwiftUI's `Divider`.
public struct Divider {
    /// Creates a divider.
    public init() {}
}

/// A submenu of a context menu, as SwiftUI's `Menu`.
///
///     Menu("Share") {
///         Button("Copy Address") { copy(url) }
///     }
public struct Menu {
    let title: String
    let content: ContextMenuContent

    /// Creates a submenu.
    ///
    /// - Parameters:
    ///   - title: Its label.
    ///   - content: Its entries.
    public init(_ title: some StringProtocol, @ContextMenuBuilder content: () -> ContextMenuContent) {
        self.title = String(title)
        self.content = content()
    }
}

/// WebKit's own items for what the menu was opened on (Back, Reload, Copy, Open Link in
/// New Window ...), placed where it stands among the app's. Apple's `WebView` has no way
/// to keep them; here a menu of only this one is WebKit's menu unchanged.
public struct DefaultContextMenuItems {
    /// Creates the placeholder for WebKit's items.
    public init() {}
}
