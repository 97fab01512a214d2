internal import CWebKitGTK
import GLibBridge

extension Gtk {
    /// A `GtkBox`: children in a row or a column.
    @MainActor
    package final class Box: Container {
        /// An empty box (`gtk_box_new`).
        package init(_ orientation: Orientation, spacing: Int = 0) {
            super.init(gtk_box_new(orientation.value, gint(spacing)))
        }

        /// Adds `child` at the start (`gtk_box_pack_start`).
        ///
        /// - Parameters:
        ///   - child: The widget to add.
        ///   - expand: Whether it takes a share of the spare space.
        ///   - fill: Whether it fills the space it is given, rather than sit in it at its own size.
        package func packStart(_ child: Widget, expand: Bool = false, fill: Bool = true) {
            keep(child)
            gtk_box_pack_start(cast(), child.widget, expand ? cwk_true : cwk_false, fill ? cwk_true : cwk_false, 0)
        }

        /// Moves `child` to `position`, 0 for the first place (`gtk_box_reorder_child`).
        package func reorder(_ child: Widget, to position: Int) {
            gtk_box_reorder_child(cast(), child.widget, gint(position))
        }

        /// Adds `child` at the end (`gtk_box_pack_end`).
        package func packEnd(_ child: Widget) {
            keep(child)
            gtk_box_pack_end(cast(), child.widget, cwk_false, cwk_true, 0)
        }
    }

    /// A `GtkLabel`: a line or paragraph of text.
    @MainActor
    package final class Label: Widget {
        /// A label with plain text (`gtk_label_new`).
        package init(_ text: String = "") {
            super.init(gtk_label_new(text))
        }

        /// The plain text shown (`gtk_label_set_text`).
        package var text: String {
            get { String(cString: gtk_label_get_text(cast())) }
            set { gtk_label_set_text(cast(), newValue) }
        }

        /// Shows Pango markup, such as `<b>Tahoe</b>` (`gtk_label_set_markup`).
        package func setMarkup(_ markup: String) { gtk_label_set_markup(cast(), markup) }

        /// The horizontal place of the text, 0 at the start, 1 at the end (`gtk_label_set_xalign`).
        package var textAlignment: Double {
            get { Double(gtk_label_get_xalign(cast())) }
            set { gtk_label_set_xalign(cast(), Float(newValue)) }
        }

        /// Whether long text ends with "…" when it does not fit (`gtk_label_set_ellipsize`).
        package var ellipsizes: Bool {
            get { gtk_label_get_ellipsize(cast()) != PANGO_ELLIPSIZE_NONE }
            set { gtk_label_set_ellipsize(cast(), newValue ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE) }
        }

        /// Whether text wraps onto more lines (`gtk_label_set_line_wrap`).
        package var wraps: Bool {
            get { gtk_label_get_line_wrap(cast()) != 0 }
            set { gtk_label_set_line_wrap(cast(), newValue ? cwk_true : cwk_false) }
        }

        /// The width the label asks for, in characters; -1 for its text's
        /// (`gtk_label_set_width_chars`).
        package var widthInCharacters: Int {
            get { Int(gtk_label_get_width_chars(cast())) }
            set { gtk_label_set_width_chars(cast(), gint(newValue)) }
        }

        /// The widest the label asks to be, in characters (`gtk_label_set_max_width_chars`).
        package var maximumWidthInCharacters: Int {
            get { Int(gtk_label_get_max_width_chars(cast())) }
            set { gtk_label_set_max_width_chars(cast(), gint(newValue)) }
        }

        /// Whether the text can be selected and copied (`gtk_label_set_selectable`).
        package var isSelectable: Bool {
            get { gtk_label_get_selectable(cast()) != 0 }
            set { gtk_label_set_selectable(cast(), newValue ? cwk_true : cwk_false) }
        }

        /// Text escaped for ``setMarkup(_:)`` (`g_markup_escape_text`).
        package static func escape(_ text: String) -> String {
            String(ownedCString: g_markup_escape_text(text, -1)) ?? ""
        }
    }

    /// A `GtkImage` showing a themed icon.
    @MainActor
    package final class Image: Widget {
        /// An icon from the theme, such as `view-refresh-symbolic` (`gtk_image_new_from_icon_name`).
        package init(iconName: String, pixelSize: Int? = nil) {
            super.init(gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON))
            if let pixelSize { gtk_image_set_pixel_size(cast(), gint(pixelSize)) }
        }
    }

    /// A `GtkButton` with an icon or a label.
    @MainActor
    package class Button: Widget {
        /// An icon button (`gtk_button_new_from_icon_name`).
        package init(iconName: String) {
            super.init(gtk_button_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON))
        }

        /// A button with a label; `_` marks its mnemonic (`gtk_button_new_with_mnemonic`).
        package init(label: String) {
            super.init(gtk_button_new_with_mnemonic(label))
        }

        init(made widget: UnsafeMutablePointer<GtkWidget>) {
            super.init(widget)
        }

        /// Shows another icon (`gtk_button_set_image`).
        package func setIcon(_ name: String) {
            gtk_button_set_image(cast(), gtk_image_new_from_icon_name(name, GTK_ICON_SIZE_BUTTON))
        }

        /// Runs `action` on each click (`clicked`).
        package func onClick(_ action: @escaping @MainActor () -> Void) {
            on("clicked") { _ in
                action()
                return nil
            }
        }
    }

    /// A `GtkMenuButton` that opens a menu model in a popover.
    @MainActor
    package final class MenuButton: Button {
        private let menu: Menu

        /// A menu button with an icon (`gtk_menu_button_new`, `gtk_menu_button_set_menu_model`).
        package init(iconName: String, menu: Menu) {
            self.menu = menu
            super.init(made: gtk_menu_button_new())
            gtk_menu_button_set_menu_model(cast(), UnsafeMutablePointer(menu.reference.pointer))
            gtk_button_set_image(cast(), gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON))
        }
    }

    /// A `GtkCheckButton`: a box to tick, with a label.
    @MainActor
    package final class CheckButton: Button {
        /// An unticked box; `_` marks the label's mnemonic (`gtk_check_button_new_with_mnemonic`).
        package init(_ label: String) {
            super.init(made: gtk_check_button_new_with_mnemonic(label))
        }

        /// Whether the box is ticked (`gtk_toggle_button_get_active`/`set_active`).
        package var isActive: Bool {
            get { gtk_toggle_button_get_active(cast()) != 0 }
            set { gtk_toggle_button_set_active(cast(), newValue ? cwk_true : cwk_false) }
        }

        /// Runs `action` whenever the box is ticked or unticked, by a person or by
        /// ``isActive`` (`toggled`).
        package func onToggle(_ action: @escaping @MainActor () -> Void) {
            on("toggled") { _ in
                action()
                return nil
            }
        }
    }

    /// A `GtkEntry`: one line of text to type.
    @MainActor
    package class Entry: Widget {
        /// An empty entry (`gtk_entry_new`).
        package init() {
            super.init(gtk_entry_new())
        }

        init(made widget: UnsafeMutablePointer<GtkWidget>) {
            super.init(widget)
        }

        /// The width the entry asks for, in characters; -1 for its default
        /// (`gtk_entry_set_width_chars`).
        package var widthInCharacters: Int {
            get { Int(gtk_entry_get_width_chars(cast())) }
            set { gtk_entry_set_width_chars(cast(), gint(newValue)) }
        }

        /// The text typed (`gtk_entry_get_text`, `gtk_entry_set_text`).
        package var text: String {
            get { String(cString: gtk_entry_get_text(cast())) }
            set { gtk_entry_set_text(cast(), newValue) }
        }

        /// Grey text shown while the entry is empty (`gtk_entry_set_placeholder_text`).
        package var placeholder: String {
            get { String(optionalCString: gtk_entry_get_placeholder_text(cast())) ?? "" }
            set { gtk_entry_set_placeholder_text(cast(), newValue) }
        }

        /// Whether Enter activates the dialog's default button (`gtk_entry_set_activates_default`).
        package var activatesDefault: Bool {
            get { gtk_entry_get_activates_default(cast()) != 0 }
            set { gtk_entry_set_activates_default(cast(), newValue ? cwk_true : cwk_false) }
        }

        /// The kind of text expected, for input methods (`gtk_entry_set_input_purpose`).
        package func expectURL() { gtk_entry_set_input_purpose(cast(), GTK_INPUT_PURPOSE_URL) }

        /// Runs `action` whenever the text changes (`changed`).
        package func onChange(_ action: @escaping @MainActor () -> Void) {
            on("changed") { _ in
                action()
                return nil
            }
        }
    }

    /// A `GtkProgressBar`.
    @MainActor
    package final class ProgressBar: Widget {
        /// An empty bar (`gtk_progress_bar_new`).
        package init() {
            super.init(gtk_progress_bar_new())
        }

        /// How full the bar is, 0 to 1 (`gtk_progress_bar_set_fraction`).
        package var fraction: Double {
            get { gtk_progress_bar_get_fraction(cast()) }
            set { gtk_progress_bar_set_fraction(cast(), newValue) }
        }
    }

    /// A `GtkScrolledWindow` that scrolls its child.
    @MainActor
    package final class ScrolledWindow: Container {
        /// A scrolled window; `horizontal` false never scrolls sideways (`gtk_scrolled_window_set_policy`).
        package init(horizontal: Bool = true) {
            super.init(gtk_scrolled_window_new(nil, nil))
            gtk_scrolled_window_set_policy(
                cast(), horizontal ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        }
    }

    /// A `GtkPaned`: two children with a handle between them.
    @MainActor
    package final class Paned: Widget {
        private var children: [Widget] = []

        /// A paned (`gtk_paned_new`).
        package init(_ orientation: Orientation) {
            super.init(gtk_paned_new(orientation.value))
        }

        /// Sets the first child, which keeps its size when the window grows (`gtk_paned_pack1`).
        package func setStart(_ child: Widget) {
            children.append(child)
            gtk_paned_pack1(cast(), child.widget, cwk_false, cwk_false)
        }

        /// Sets the second child, which takes the extra space (`gtk_paned_pack2`).
        package func setEnd(_ child: Widget) {
            children.append(child)
            gtk_paned_pack2(cast(), child.widget, cwk_true, cwk_false)
        }

        /// Where the handle is, in pixels from the start (`gtk_paned_set_position`).
        package var position: Int {
            get { Int(gtk_paned_get_position(cast())) }
            set { gtk_paned_set_position(cast(), gint(newValue)) }
        }
    }

    /// A `GtkOverlay`: a main child with others drawn over it.
    @MainActor
    package final class Overlay: Container {
        private var overlays: [Widget] = []

        /// An empty overlay (`gtk_overlay_new`).
        package init() {
            super.init(gtk_overlay_new())
        }

        /// Draws `child` over the main child (`gtk_overlay_add_overlay`).
        package func addOverlay(_ child: Widget) {
            overlays.append(child)
            gtk_overlay_add_overlay(cast(), child.widget)
        }
    }

    /// A `GtkStack`: named children, one shown at a time.
    @MainActor
    package final class Stack: Widget {
        private var children: [Widget] = []

        /// An empty stack (`gtk_stack_new`) that cross-fades between children.
        package init() {
            super.init(gtk_stack_new())
            gtk_stack_set_transition_type(cast(), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        }

        /// Adds `child` under `name` (`gtk_stack_add_named`).
        package func add(_ child: Widget, named name: String) {
            children.append(child)
            gtk_stack_add_named(cast(), child.widget, name)
        }

        /// The name of the child shown (`gtk_stack_set_visible_child_name`).
        package var visibleChildName: String? {
            get { String(optionalCString: gtk_stack_get_visible_child_name(cast())) }
            set { if let newValue { gtk_stack_set_visible_child_name(cast(), newValue) } }
        }
    }
}
