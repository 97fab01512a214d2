internal import CWebKitGTK
import GLibBridge

/// A thin, typed layer over the GTK 3 calls Lakes makes, so that the app's files read as
/// Swift: each class owns one reference to its widget and names GTK's calls as properties
/// and methods. Nothing here adds behaviour of its own; a method is the call it names.
@MainActor
enum Gtk {
    /// Which way a box or a paned lays out its children (`GtkOrientation`).
    enum Orientation {
        case horizontal, vertical

        var value: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
    }

    /// Where a widget sits in the space it is given (`GtkAlign`).
    enum Align {
        case fill, start, end, center

        var value: GtkAlign {
            switch self {
            case .fill: GTK_ALIGN_FILL
            case .start: GTK_ALIGN_START
            case .end: GTK_ALIGN_END
            case .center: GTK_ALIGN_CENTER
            }
        }
    }
}

extension Gtk {
    /// A `GtkWidget`, held by one strong reference (the floating one is sunk).
    @MainActor
    class Widget {
        /// The widget's reference; it keeps the widget alive as long as this object lives.
        let reference: GObjectReference
        private var connections: [SignalConnection] = []

        /// Takes a new widget (floating) or one GTK owns (not floating).
        init(_ widget: UnsafeMutablePointer<GtkWidget>) {
            reference = GObjectReference(sinking: OpaquePointer(widget))
        }

        /// The widget for GTK calls.
        var widget: UnsafeMutablePointer<GtkWidget> { reference.cast() }

        /// The widget as another of its GTK types.
        func cast<T>(to _: T.Type = T.self) -> UnsafeMutablePointer<T> { reference.cast() }

        /// Runs `handler` for each emission of `signal` for as long as this object lives.
        func on(_ signal: String, after: Bool = false, _ handler: @escaping @MainActor (SignalArguments) -> Bool?) {
            connections.append(reference.connect(signal, after: after, handler))
        }

        /// Shows the widget (`gtk_widget_show`).
        func show() { gtk_widget_show(widget) }
        /// Shows the widget and everything in it (`gtk_widget_show_all`).
        func showAll() { gtk_widget_show_all(widget) }
        /// Hides the widget (`gtk_widget_hide`).
        func hide() { gtk_widget_hide(widget) }
        /// Destroys the widget (`gtk_widget_destroy`); this object may still be released later.
        func destroy() { gtk_widget_destroy(widget) }

        /// Whether the widget is shown (`gtk_widget_get_visible`/`gtk_widget_set_visible`).
        var isVisible: Bool {
            get { gtk_widget_get_visible(widget) != 0 }
            set { gtk_widget_set_visible(widget, newValue ? cwk_true : cwk_false) }
        }

        /// Whether a parent's `showAll()` leaves this widget as it is (`gtk_widget_set_no_show_all`).
        var ignoresShowAll: Bool {
            get { gtk_widget_get_no_show_all(widget) != 0 }
            set { gtk_widget_set_no_show_all(widget, newValue ? cwk_true : cwk_false) }
        }

        /// The tooltip (`gtk_widget_set_tooltip_text`); nil for none.
        var tooltip: String? {
            get { String(gtkOwned: gtk_widget_get_tooltip_text(widget)) }
            set { gtk_widget_set_tooltip_text(widget, newValue) }
        }

        /// Sets the space around the widget, in pixels; a nil side keeps its margin.
        func setMargins(start: Int? = nil, end: Int? = nil, top: Int? = nil, bottom: Int? = nil) {
            if let start { gtk_widget_set_margin_start(widget, gint(start)) }
            if let end { gtk_widget_set_margin_end(widget, gint(end)) }
            if let top { gtk_widget_set_margin_top(widget, gint(top)) }
            if let bottom { gtk_widget_set_margin_bottom(widget, gint(bottom)) }
        }

        /// Sets the same margin on all four sides.
        func setMargins(_ all: Int) { setMargins(start: all, end: all, top: all, bottom: all) }

        /// Places the widget in the space it is given (`gtk_widget_set_halign`,
        /// `gtk_widget_set_valign`); a nil axis keeps its alignment.
        func align(horizontal: Align? = nil, vertical: Align? = nil) {
            if let horizontal { gtk_widget_set_halign(widget, horizontal.value) }
            if let vertical { gtk_widget_set_valign(widget, vertical.value) }
        }

        /// Asks for at least this size (`gtk_widget_set_size_request`); -1 leaves a side natural.
        func requestSize(width: Int = -1, height: Int = -1) {
            gtk_widget_set_size_request(widget, gint(width), gint(height))
        }

        /// Adds a CSS style class, such as `dim-label` (`gtk_style_context_add_class`).
        func addStyleClass(_ name: String) {
            gtk_style_context_add_class(gtk_widget_get_style_context(widget), name)
        }

        /// Gives the widget keyboard focus (`gtk_widget_grab_focus`).
        func grabFocus() { gtk_widget_grab_focus(widget) }

        /// The action the widget activates, as `win.reload` (`gtk_actionable_set_action_name`).
        /// Only for widgets that implement `GtkActionable`, such as buttons.
        func setAction(_ name: String, target: Variant? = nil) {
            gtk_actionable_set_action_name(OpaquePointer(widget), name)
            if let target { gtk_actionable_set_action_target_value(OpaquePointer(widget), target.pointer) }
        }
    }

    /// A `GtkContainer`: a widget that holds others.
    @MainActor
    class Container: Widget {
        private var children: [Widget] = []

        /// Adds `child` (`gtk_container_add`).
        func add(_ child: Widget) {
            children.append(child)
            gtk_container_add(cast(), child.widget)
        }

        /// Keeps `child` with the others, for a subclass that places it with a call of its own.
        func keep(_ child: Widget) {
            children.append(child)
        }

        /// Adds a widget made elsewhere, such as a web view's own widget.
        func add(widget: OpaquePointer) {
            gtk_container_add(cast(), UnsafeMutablePointer(widget))
        }

        /// Destroys every child this container was given through ``add(_:)``.
        func removeAll() {
            for child in children { child.destroy() }
            children.removeAll()
        }
    }
}

extension String {
    /// A string from a C string GTK hands over (transfer full), freed here; nil for NULL.
    init?(gtkOwned pointer: UnsafeMutablePointer<CChar>?) {
        guard let pointer else { return nil }
        defer { g_free(pointer) }
        self.init(cString: pointer)
    }
}
