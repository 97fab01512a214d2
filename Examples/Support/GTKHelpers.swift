// The few GTK helpers the example browsers need: casts between GTK's widget types, buttons whose
// clicks run Swift closures, and following an observable value.
public import CWebKitGTK
import Observation

/// A GTK widget pointer as the type a GTK call asks for (`GTK_ENTRY (widget)` in C).
public func cast<T>(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
    UnsafeMutablePointer(OpaquePointer(widget))
}

/// A closure that a GTK signal calls, kept alive for as long as the signal connection.
@MainActor
final class SignalAction {
    let run: @MainActor () -> Void
    init(_ run: @escaping @MainActor () -> Void) { self.run = run }
}

/// Runs `action` whenever `widget` emits `signal` (for example `"clicked"`).
@MainActor
public func on(_ widget: UnsafeMutablePointer<GtkWidget>, _ signal: String, _ action: @escaping @MainActor () -> Void) {
    let handler: GFunc = { _, data in
        let action = Unmanaged<SignalAction>.fromOpaque(data!).takeUnretainedValue()
        MainActor.assumeIsolated { action.run() }
    }
    let release: GClosureNotify = { data, _ in Unmanaged<SignalAction>.fromOpaque(data!).release() }
    let data = Unmanaged.passRetained(SignalAction(action)).toOpaque()
    g_signal_connect_data(widget, signal, unsafeBitCast(handler, to: GCallback.self), data, release, GConnectFlags(0))
}

/// A header-bar button with a symbolic icon that runs `action` when clicked or when its
/// key (`key` with `modifiers`) is pressed.
@MainActor
public func iconButton(
    _ icon: String, _ tooltip: String, _ keys: UnsafeMutablePointer<GtkAccelGroup>, _ key: Int32,
    _ modifiers: GdkModifierType, _ action: @escaping @MainActor () -> Void
) -> UnsafeMutablePointer<GtkWidget> {
    let button = gtk_button_new_from_icon_name(icon, GTK_ICON_SIZE_BUTTON)!
    gtk_widget_set_tooltip_text(button, tooltip)
    gtk_widget_add_accelerator(button, "clicked", keys, guint(key), modifiers, GTK_ACCEL_VISIBLE)
    on(button, "clicked", action)
    return button
}

/// Calls `apply` with `value()` now and again each time it changes (with Observation).
@MainActor
public func follow<Value>(_ value: @escaping @MainActor () -> Value, _ apply: @escaping @MainActor (Value) -> Void) {
    let current = withObservationTracking(value) {
        Task { @MainActor in follow(value, apply) }
    }
    apply(current)
}
