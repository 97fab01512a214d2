internal import CWebKitGTK
import GLibBridge

extension Gtk {
    /// A `GtkWidget`, held by one strong reference (the floating one is sunk).
    @MainActor
    package class Widget {
        /// The widget's reference; it keeps the widget alive as long as this object lives.
        package let reference: GObjectReference
        /// Whether the widget was made elsewhere and only borrowed here (``init(borrowing:)``).
        let isBorrowed: Bool
        private var connections: [SignalConnection] = []

        /// Takes a new widget (floating) or one GTK owns (not floating).
        init(_ widget: UnsafeMutablePointer<GtkWidget>) {
            reference = GObjectReference(sinking: OpaquePointer(widget))
            isBorrowed = false
        }

        /// Holds a widget made elsewhere, such as a web view's own, with a reference of its
        /// own: to place it, show it and destroy it through this layer.
        ///
        /// The reference is added, not sunk: a widget that is still floating stays so, and
        /// its floating reference stays its maker's to sink or hand on.
        ///
        /// A container it is added to does not keep this object: whoever made the widget
        /// keeps it, as it kept it before.
        ///
        /// - Parameter pointer: The widget, as a `GtkWidget *` or any of its subtypes.
        package init(borrowing pointer: OpaquePointer) {
            reference = GObjectReference(retaining: pointer)
            isBorrowed = true
        }

        /// The widget for GTK calls.
        var widget: UnsafeMutablePointer<GtkWidget> { reference.cast() }

        /// The widget as another of its GTK types.
        func cast<T>(to _: T.Type = T.self) -> UnsafeMutablePointer<T> { reference.cast() }

        /// Runs `handler` for each emission of `signal` for as long as this object lives.
        package func on(
            _ signal: String, after: Bool = false, _ handler: @escaping @MainActor (SignalArguments) -> Bool?
        ) {
            connections.append(reference.connect(signal, after: after, handler))
        }

        /// Shows the widget (`gtk_widget_show`).
        package func show() { gtk_widget_show(widget) }
        /// Shows the widget and everything in it (`gtk_widget_show_all`).
        package func showAll() { gtk_widget_show_all(widget) }
        /// Hides the widget (`gtk_widget_hide`).
        package func hide() { gtk_widget_hide(widget) }
        /// Destroys the widget (`gtk_widget_destroy`); this object may still be released later.
        package func destroy() { gtk_widget_destroy(widget) }

        /// Whether the widget is shown (`gtk_widget_get_visible`/`gtk_widget_set_visible`).
        package var isVisible: Bool {
            get { gtk_widget_get_visible(widget) != 0 }
            set { gtk_widget_set_visible(widget, newValue ? cwk_true : cwk_false) }
        }

        /// Whether a parent's `showAll()` leaves this widget as it is (`gtk_widget_set_no_show_all`).
        package var ignoresShowAll: Bool {
            get { gtk_widget_get_no_show_all(widget) != 0 }
            set { gtk_widget_set_no_show_all(widget, newValue ? cwk_true : cwk_false) }
        }

        /// The tooltip (`gtk_widget_set_tooltip_text`); nil for none.
        package var tooltip: String? {
            get { String(ownedCString: gtk_widget_get_tooltip_text(widget)) }
            set { gtk_widget_set_tooltip_text(widget, newValue) }
        }

        /// Sets the space around the widget, in pixels; a nil side keeps its margin.
        package func setMargins(start: Int? = nil, end: Int? = nil, top: Int? = nil, bottom: Int? = nil) {
            if let start { gtk_widget_set_margin_start(widget, gint(start)) }
            if let end { gtk_widget_set_margin_end(widget, gint(end)) }
            if let top { gtk_widget_set_margin_top(widget, gint(top)) }
            if let bottom { gtk_widget_set_margin_bottom(widget, gint(bottom)) }
        }

        /// Sets the same margin on all four sides.
        package func setMargins(_ all: Int) { setMargins(start: all, end: all, top: all, bottom: all) }

        /// Places the widget in the space it is given (`gtk_widget_set_halign`,
        /// `gtk_widget_set_valign`); a nil axis keeps its alignment.
        package func align(horizontal: Align? = nil, vertical: Align? = nil) {
            if let horizontal { gtk_widget_set_halign(widget, horizontal.value) }
            if let vertical { gtk_widget_set_valign(widget, vertical.value) }
        }

        /// Asks for at least this size (`gtk_widget_set_size_request`); -1 leaves a side natural.
        package func requestSize(width: Int = -1, height: Int = -1) {
            gtk_widget_set_size_request(widget, gint(width), gint(height))
        }

        /// Adds a CSS style class, such as `dim-label` (`gtk_style_context_add_class`).
        package func addStyleClass(_ name: String) {
            gtk_style_context_add_class(gtk_widget_get_style_context(widget), name)
        }

        /// Removes a CSS style class (`gtk_style_context_remove_class`).
        package func removeStyleClass(_ name: String) {
            gtk_style_context_remove_class(gtk_widget_get_style_context(widget), name)
        }

        /// Gives the widget keyboard focus (`gtk_widget_grab_focus`).
        package func grabFocus() { gtk_widget_grab_focus(widget) }

        /// Makes the widget's window-system resources now rather than when it is mapped
        /// (`gtk_widget_realize`). Only for a widget inside a toplevel (``isInToplevel``).
        package func realize() { gtk_widget_realize(widget) }

        /// Whether the widget sits in a toplevel window, however deep (`gtk_widget_get_toplevel`,
        /// `gtk_widget_is_toplevel`).
        package var isInToplevel: Bool { gtk_widget_is_toplevel(gtk_widget_get_toplevel(widget)) != 0 }

        /// Whether the widget is in a container (`gtk_widget_get_parent`).
        package var hasParent: Bool { gtk_widget_get_parent(widget) != nil }

        /// Runs `handler` for each key pressed while the widget has the focus
        /// (`key-press-event`); it returns true to stop the key there.
        package func onKeyPress(_ handler: @escaping @MainActor (KeyPress) -> Bool) {
            on("key-press-event") { arguments in
                guard let event = arguments.pointer(1) else { return false }
                return handler(KeyPress(UnsafeMutablePointer(event)))
            }
        }

        /// Stops touchpad pinch events (`GDK_TOUCHPAD_PINCH`) before the widget's own handlers
        /// see them, for as long as the returned connection lives.
        ///
        /// GTK 3 has no switch for a widget's pinch gestures: an `event` handler that claims
        /// the event is the only way to keep one from zooming.
        package func stopTouchpadPinches() -> SignalConnection {
            reference.connect("event") { arguments in
                guard let event = arguments.pointer(1) else { return false }
                return gdk_event_get_event_type(UnsafeMutablePointer<GdkEvent>(event)) == GDK_TOUCHPAD_PINCH
            }
        }

        /// The action the widget activates, as `win.reload` (`gtk_actionable_set_action_name`).
        /// Only for widgets that implement `GtkActionable`, such as buttons.
        package func setAction(_ name: String, target: Variant? = nil) {
            gtk_actionable_set_action_name(OpaquePointer(widget), name)
            if let target { gtk_actionable_set_action_target_value(OpaquePointer(widget), target.pointer) }
        }
    }

    /// A `GtkContainer`: a widget that holds others.
    ///
    /// It keeps the objects of the children it is given, and with them their signal
    /// handlers, for as long as it lives; not those of borrowed widgets
    /// (``Widget/init(borrowing:)``), which their makers keep.
    @MainActor
    package class Container: Widget {
        private var children: [Widget] = []

        /// Adds `child` (`gtk_container_add`).
        package func add(_ child: Widget) {
            keep(child)
            gtk_container_add(cast(), child.widget)
        }

        /// Keeps `child` with the others, for a subclass that places it with a call of its own.
        package func keep(_ child: Widget) {
            if !child.isBorrowed { children.append(child) }
        }

        /// Adds a widget made elsewhere, such as a web view's own widget.
        package func add(widget: OpaquePointer) {
            gtk_container_add(cast(), UnsafeMutablePointer(widget))
        }

        /// Takes `child` out (`gtk_container_remove`); it lives on while something else holds it.
        package func remove(_ child: Widget) {
            children.removeAll { $0.reference.pointer == child.reference.pointer }
            gtk_container_remove(cast(), child.widget)
        }

        /// Destroys every child this container was given through ``add(_:)``.
        package func removeAll() {
            for child in children { child.destroy() }
            children.removeAll()
        }
    }

    /// A key press, as a widget's ``Widget/onKeyPress(_:)`` handler reads it.
    package struct KeyPress {
        /// Whether the key is Return or the keypad's Enter.
        package let isEnter: Bool
        /// Whether Shift was held.
        package let hasShift: Bool

        /// Reads a `GdkEventKey` (`gdk_event_get_keyval`, `gdk_event_get_state`).
        init(_ event: UnsafeMutablePointer<GdkEvent>) {
            var keyval: guint = 0
            var state = GdkModifierType(rawValue: 0)
            gdk_event_get_keyval(event, &keyval)
            gdk_event_get_state(event, &state)
            isEnter = keyval == guint(GDK_KEY_Return) || keyval == guint(GDK_KEY_KP_Enter)
            hasShift = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
        }
    }
}
