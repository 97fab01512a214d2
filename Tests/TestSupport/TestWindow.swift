internal import CWebKitGTK
import WebKitGTK

/// A shown GTK toplevel window holding a `WebView`, as an app's window would; destroyed
/// when the value goes.
@MainActor
package final class TestWindow {
    private let window: UnsafeMutablePointer<GtkWidget>

    /// Shows `view` in a new `width`×`height` window.
    package init(showing view: WebView, width: Int32 = 1024, height: Int32 = 768) {
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(UnsafeMutablePointer(OpaquePointer(window)), width, height)
        gtk_container_add(UnsafeMutablePointer(OpaquePointer(window)), UnsafeMutablePointer(view.widget))
        gtk_widget_show_all(window)
    }

    isolated deinit { gtk_widget_destroy(window) }
}
