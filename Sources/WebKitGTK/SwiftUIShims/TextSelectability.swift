/// Whether people can select a view's text, as SwiftUI's `TextSelectability`;
/// ``WebView/webViewTextSelection(_:)`` takes one.
///
///     view.webViewTextSelection(.disabled)
public protocol TextSelectability {
    /// Whether the text can be selected.
    static var allowsSelection: Bool { get }
}

/// Text that people can select.
public struct EnabledTextSelectability: TextSelectability, Sendable {
    /// True.
    public static var allowsSelection: Bool { true }
}

/// Text that people cannot select.
public struct DisabledTextSelectability: TextSelectability, Sendable {
    /// False.
    public static var allowsSelection: Bool { false }
}

extension TextSelectability where Self == EnabledTextSelectability {
    /// Text that people can select.
    public static var enabled: EnabledTextSelectability { EnabledTextSelectability() }
}

extension TextSelectability where Self == DisabledTextSelectability {
    /// Text that people cannot select.
    public static var disabled: DisabledTextSelectability { DisabledTextSelectability() }
}
