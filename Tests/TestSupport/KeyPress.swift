internal import CWebKitGTK
import WebKitGTK

/// Sends the page's engine view a press of the Down key, as GDK delivers a key press to a
/// shown view: WebKit passes it to the web process and times the answer, which is how a
/// page that stopped answering is found.
@MainActor
package func pressDownKey(in page: WebPage) {
    let view = UnsafeMutablePointer<GtkWidget>(page.engineObjectForTesting)
    let event = gdk_event_new(GDK_KEY_PRESS)!
    defer { gdk_event_free(event) }
    event.pointee.key.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(gtk_widget_get_window(view))))
    event.pointee.key.send_event = 1
    event.pointee.key.time = guint32(GDK_CURRENT_TIME)
    event.pointee.key.keyval = guint(GDK_KEY_Down)
    event.pointee.key.hardware_keycode = 116
    gdk_event_set_device(event, gdk_seat_get_keyboard(gdk_display_get_default_seat(gdk_display_get_default())))
    gtk_widget_event(view, event)
}

/// Sends the page's engine view a click of the primary mouse button at `x`, `y` (in the
/// view's pixels), as GDK delivers a person's click to a shown view: a press, then a
/// release. WebKit treats what the page does in response as done at a person's gesture.
@MainActor
package func click(in page: WebPage, x: Double, y: Double) {
    let view = UnsafeMutablePointer<GtkWidget>(page.engineObjectForTesting)
    let pointer = gdk_seat_get_pointer(gdk_display_get_default_seat(gdk_display_get_default()))
    for type in [GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE] {
        let event = gdk_event_new(type)!
        defer { gdk_event_free(event) }
        event.pointee.button.window = OpaquePointer(
            g_object_ref(UnsafeMutableRawPointer(gtk_widget_get_window(view))))
        event.pointee.button.send_event = 1
        event.pointee.button.time = guint32(GDK_CURRENT_TIME)
        event.pointee.button.x = x
        event.pointee.button.y = y
        event.pointee.button.button = 1
        event.pointee.button.state = type == GDK_BUTTON_RELEASE ? GDK_BUTTON1_MASK.rawValue : 0
        gdk_event_set_device(event, pointer)
        gtk_widget_event(view, event)
    }
}
