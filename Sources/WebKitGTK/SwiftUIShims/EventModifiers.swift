/// Keyboard modifiers held during an event: SwiftUI's `EventModifiers`.
///
///     if action.modifierFlags.contains(.command) { openInNewWindow(action.request) }
///
/// GTK's modifier mask (`GdkModifierType`) maps as a Linux keyboard has it: Shift is
/// `shift`, Ctrl is `control`, Alt is `option`, the Super ("Windows") key is `command`,
/// Caps Lock is `capsLock`.
public struct EventModifiers: OptionSet, Sendable, Hashable {
    /// The set's bits: one for each modifier below. They are this library's own, not
    /// GTK's mask.
    public let rawValue: Int

    /// Makes a set from its raw value.
    ///
    /// - Parameter rawValue: The bits of the modifiers below.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Caps Lock is on (`GDK_LOCK_MASK`).
    public static let capsLock = EventModifiers(rawValue: 1 << 0)
    /// Shift (`GDK_SHIFT_MASK`).
    public static let shift = EventModifiers(rawValue: 1 << 1)
    /// Ctrl (`GDK_CONTROL_MASK`).
    public static let control = EventModifiers(rawValue: 1 << 2)
    /// Alt (`GDK_MOD1_MASK`).
    public static let option = EventModifiers(rawValue: 1 << 3)
    /// Super (`GDK_SUPER_MASK` or `GDK_META_MASK`).
    public static let command = EventModifiers(rawValue: 1 << 4)
    /// A key of the numeric keypad. GTK does not report it for navigations, so it is never set there.
    public static let numericPad = EventModifiers(rawValue: 1 << 5)
    /// Every modifier.
    public static let all: EventModifiers = [.capsLock, .shift, .control, .option, .command, .numericPad]
}
