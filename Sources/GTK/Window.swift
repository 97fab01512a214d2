internal import CWebKitGTK
import GLibBridge

extension Gtk {
    /// A `GtkWindow`; an application window when made with an application.
    @MainActor
    package class Window: Container {
        /// A window of `application` (`gtk_application_window_new`), which also holds
        /// window actions (`GActionMap`).
        package init(application: Application) {
            super.init(gtk_application_window_new(application.reference.cast()))
        }

        /// A plain toplevel window, of no application (`gtk_window_new`).
        package init() {
            super.init(gtk_window_new(GTK_WINDOW_TOPLEVEL))
        }

        init(made widget: UnsafeMutablePointer<GtkWidget>) {
            super.init(widget)
        }

        /// The window as `GtkWindow *`.
        var window: UnsafeMutablePointer<GtkWindow> { cast() }

        /// The title the desktop shows (`gtk_window_set_title`).
        package var title: String {
            get { String(optionalCString: gtk_window_get_title(window)) ?? "" }
            set { gtk_window_set_title(window, newValue) }
        }

        /// The themed icon of the window (`gtk_window_set_icon_name`).
        package func setIconName(_ name: String) { gtk_window_set_icon_name(window, name) }

        /// The size the window opens at (`gtk_window_set_default_size`).
        package func setDefaultSize(width: Int, height: Int) {
            gtk_window_set_default_size(window, gint(clamping: width), gint(clamping: height))
        }

        /// The window's size as the window manager has it (`gtk_window_get_size`).
        package var size: (width: Int, height: Int) {
            var width: gint = 0
            var height: gint = 0
            gtk_window_get_size(window, &width, &height)
            return (Int(width), Int(height))
        }

        /// Whether the window fills the screen but for the desktop's panels (`gtk_window_is_maximized`).
        package var isMaximized: Bool { gtk_window_is_maximized(window) != 0 }

        /// Maximizes the window (`gtk_window_maximize`).
        package func maximize() { gtk_window_maximize(window) }

        /// Puts `header` where the title bar is (`gtk_window_set_titlebar`).
        package func setTitlebar(_ header: Widget) {
            titlebar = header
            gtk_window_set_titlebar(window, header.widget)
        }
        private var titlebar: Widget?

        /// Keeps this window above `parent` and centered on it (`gtk_window_set_transient_for`).
        package func setTransient(for parent: Window?) { gtk_window_set_transient_for(window, parent?.window) }

        /// Whether the person can resize the window (`gtk_window_set_resizable`).
        package var isResizable: Bool {
            get { gtk_window_get_resizable(window) != 0 }
            set { gtk_window_set_resizable(window, newValue ? cwk_true : cwk_false) }
        }

        /// Brings the window to the front (`gtk_window_present`).
        package func present() { gtk_window_present(window) }

        /// Adds a window action, `win.<name>` (`g_action_map_add_action`).
        package func addAction(_ action: SimpleAction) {
            g_action_map_add_action(reference.pointer, action.reference.pointer)
        }

        /// Activates the window action `name` with `parameter`, as a click on its widget
        /// would (`g_action_group_activate_action`).
        package func activateAction(_ name: String, _ parameter: Variant? = nil) {
            g_action_group_activate_action(reference.pointer, name, parameter?.pointer)
        }

        /// Runs `action` once the window is destroyed (`destroy`).
        package func onDestroy(_ action: @escaping @MainActor () -> Void) {
            on("destroy") { _ in
                action()
                return nil
            }
        }
    }

    /// A `GtkOffscreenWindow`: a toplevel that is never on screen, in which a widget lays
    /// out and paints as if it were shown.
    ///
    /// Where a page's web view waits while no view shows it ("parked"): the widget is
    /// borrowed from its maker, given a size, added and shown, and taken out again for a
    /// view, after which the window goes.
    ///
    ///     let engine = Gtk.Widget(borrowing: webViewPointer)  // made once, kept with the page
    ///     let parking = Gtk.OffscreenWindow()
    ///     engine.requestSize(width: 1024, height: 768)
    ///     parking.add(engine)
    ///     parking.showAll()
    ///     // ... and when a view shows the page again:
    ///     parking.remove(engine)
    ///     parking.destroy()
    ///     engine.requestSize()  // natural size again
    ///     box.packStart(engine, expand: true)
    ///     engine.show()
    ///     // ... and when the page closes:
    ///     engine.destroy()
    @MainActor
    package final class OffscreenWindow: Container {
        /// An empty offscreen window (`gtk_offscreen_window_new`).
        package init() {
            super.init(gtk_offscreen_window_new())
        }
    }

    /// A `GtkHeaderBar`: the title bar of a GNOME window, with buttons at either end.
    @MainActor
    package final class HeaderBar: Container {
        /// A header bar with the window's close button (`gtk_header_bar_new`).
        package init() {
            super.init(gtk_header_bar_new())
            gtk_header_bar_set_show_close_button(cast(), cwk_true)
        }

        /// The title (`gtk_header_bar_set_title`).
        package var title: String {
            get { String(optionalCString: gtk_header_bar_get_title(cast())) ?? "" }
            set { gtk_header_bar_set_title(cast(), newValue) }
        }

        /// The line under the title; nil or empty for none (`gtk_header_bar_set_subtitle`).
        package var subtitle: String? {
            get { String(optionalCString: gtk_header_bar_get_subtitle(cast())) }
            set { gtk_header_bar_set_subtitle(cast(), newValue?.isEmpty == false ? newValue : nil) }
        }

        /// Adds `child` at the start (`gtk_header_bar_pack_start`).
        package func packStart(_ child: Widget) {
            keep(child)
            gtk_header_bar_pack_start(cast(), child.widget)
        }

        /// Adds `child` at the end (`gtk_header_bar_pack_end`).
        package func packEnd(_ child: Widget) {
            keep(child)
            gtk_header_bar_pack_end(cast(), child.widget)
        }
    }
}
