internal import CWebKitGTK
import GLibBridge

extension Gtk {
    /// A `GtkWindow`; an application window when made with an application.
    @MainActor
    class Window: Container {
        /// A window of `application` (`gtk_application_window_new`), which also holds
        /// window actions (`GActionMap`).
        init(application: Application) {
            super.init(gtk_application_window_new(application.reference.cast()))
        }

        init(made widget: UnsafeMutablePointer<GtkWidget>) {
            super.init(widget)
        }

        /// The window as `GtkWindow *`.
        var window: UnsafeMutablePointer<GtkWindow> { cast() }

        /// The title the desktop shows (`gtk_window_set_title`).
        var title: String {
            get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
            set { gtk_window_set_title(window, newValue) }
        }

        /// The themed icon of the window (`gtk_window_set_icon_name`).
        func setIconName(_ name: String) { gtk_window_set_icon_name(window, name) }

        /// The size the window opens at (`gtk_window_set_default_size`).
        func setDefaultSize(width: Int, height: Int) {
            gtk_window_set_default_size(window, gint(width), gint(height))
        }

        /// The window's size as the window manager has it (`gtk_window_get_size`).
        var size: (width: Int, height: Int) {
            var width: gint = 0
            var height: gint = 0
            gtk_window_get_size(window, &width, &height)
            return (Int(width), Int(height))
        }

        /// Whether the window fills the screen but for the desktop's panels (`gtk_window_is_maximized`).
        var isMaximized: Bool { gtk_window_is_maximized(window) != 0 }

        /// Maximizes the window (`gtk_window_maximize`).
        func maximize() { gtk_window_maximize(window) }

        /// Puts `header` where the title bar is (`gtk_window_set_titlebar`).
        func setTitlebar(_ header: Widget) {
            titlebar = header
            gtk_window_set_titlebar(window, header.widget)
        }
        private var titlebar: Widget?

        /// Keeps this window above `parent` and centered on it (`gtk_window_set_transient_for`).
        func setTransient(for parent: Window?) { gtk_window_set_transient_for(window, parent?.window) }

        /// Whether the person can resize the window (`gtk_window_set_resizable`).
        var isResizable: Bool {
            get { gtk_window_get_resizable(window) != 0 }
            set { gtk_window_set_resizable(window, newValue ? cwk_true : cwk_false) }
        }

        /// Brings the window to the front (`gtk_window_present`).
        func present() { gtk_window_present(window) }

        /// Adds a window action, `win.<name>` (`g_action_map_add_action`).
        func addAction(_ action: SimpleAction) {
            g_action_map_add_action(reference.pointer, action.reference.pointer)
        }

        /// Activates the window action `name` with `parameter`, as a click on its widget
        /// would (`g_action_group_activate_action`).
        func activateAction(_ name: String, _ parameter: Variant? = nil) {
            g_action_group_activate_action(reference.pointer, name, parameter?.pointer)
        }

        /// Runs `action` once the window is destroyed (`destroy`).
        func onDestroy(_ action: @escaping @MainActor () -> Void) {
            on("destroy") { _ in
                action()
                return nil
            }
        }
    }

    /// A `GtkHeaderBar`: the title bar of a GNOME window, with buttons at either end.
    @MainActor
    final class HeaderBar: Container {
        /// A header bar with the window's close button (`gtk_header_bar_new`).
        init() {
            super.init(gtk_header_bar_new())
            gtk_header_bar_set_show_close_button(cast(), cwk_true)
        }

        /// The title (`gtk_header_bar_set_title`).
        var title: String {
            get { gtk_header_bar_get_title(cast()).map { String(cString: $0) } ?? "" }
            set { gtk_header_bar_set_title(cast(), newValue) }
        }

        /// The line under the title; nil or empty for none (`gtk_header_bar_set_subtitle`).
        var subtitle: String? {
            get { gtk_header_bar_get_subtitle(cast()).map { String(cString: $0) } }
            set { gtk_header_bar_set_subtitle(cast(), newValue?.isEmpty == false ? newValue : nil) }
        }

        /// Adds `child` at the start (`gtk_header_bar_pack_start`).
        func packStart(_ child: Widget) {
            keep(child)
            gtk_header_bar_pack_start(cast(), child.widget)
        }

        /// Adds `child` at the end (`gtk_header_bar_pack_end`).
        func packEnd(_ child: Widget) {
            keep(child)
            gtk_header_bar_pack_end(cast(), child.widget)
        }
    }
}
