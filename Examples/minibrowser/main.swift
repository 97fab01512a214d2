// A small browser: an address entry that shows load progress, back, forward, reload/stop
// and find in page, over one page. Everything about the page is WebKitGTK's Swift API; the
// GTK widgets around it are GTK's own C API, as in any GTK app.
import CWebKitGTK
import ExampleSupport
import Foundation
import Observation
import WebKitGTK

/// The URL for what someone typed: a URL, a file's path, or a host name for https.
func address(from text: String) -> URL? {
    let text = text.trimmingCharacters(in: .whitespaces)
    if text.hasPrefix("/") { return URL(fileURLWithPath: text) }
    if text.contains("://") || text.hasPrefix("about:") { return URL(string: text) }
    return text.isEmpty ? nil : URL(string: "https://\(text)")
}

let home = """
    <title>MiniBrowser</title>
    <body style="font: 16px sans-serif; margin: 3em">
    <h1>MiniBrowser</h1>
    <p>Type an address above, or press Ctrl+F to find text in this page.
    """

let app = try WebApplication(id: "org.example.MiniBrowser", name: "MiniBrowser")
let status = app.run {
    let window = WebWindow(application: app)
    let page = window.page
    let find = window.webView.findNavigator
    let gtkWindow = UnsafeMutablePointer<GtkWindow>(window.gtkWindow)
    let keys = gtk_accel_group_new()!
    gtk_window_add_accel_group(gtkWindow, keys)

    let back = iconButton("go-previous-symbolic", "Back", keys, GDK_KEY_Left, GDK_MOD1_MASK) { page.goBack() }
    let forward = iconButton("go-next-symbolic", "Forward", keys, GDK_KEY_Right, GDK_MOD1_MASK) { page.goForward() }
    let reload = iconButton("view-refresh-symbolic", "Reload", keys, GDK_KEY_r, GDK_CONTROL_MASK) {
        if page.isLoading { page.stopLoading() } else { page.reload() }
    }
    let findButton = iconButton("edit-find-symbolic", "Find in Page", keys, GDK_KEY_f, GDK_CONTROL_MASK) {
        find.isPresented.toggle()
    }
    let entry = gtk_entry_new()!
    gtk_entry_set_width_chars(cast(entry), 48)
    gtk_entry_set_placeholder_text(cast(entry), "Address")
    gtk_widget_add_accelerator(entry, "grab-focus", keys, guint(GDK_KEY_l), GDK_CONTROL_MASK, GTK_ACCEL_VISIBLE)
    on(entry, "activate") {
        if let url = address(from: String(cString: gtk_entry_get_text(cast(entry)))) { page.load(url) }
    }

    let header = gtk_header_bar_new()!
    gtk_header_bar_set_show_close_button(cast(header), 1)
    for widget in [back, forward, reload, entry] { gtk_header_bar_pack_start(cast(header), widget) }
    gtk_header_bar_pack_end(cast(header), findButton)
    gtk_window_set_titlebar(gtkWindow, header)

    // The widgets follow the page's observable state.
    follow({ page.url }) { url in
        let shown = url?.absoluteString == "about:blank" ? "" : url?.absoluteString ?? ""
        gtk_entry_set_text(cast(entry), shown)
    }
    follow({ page.isLoading ? max(page.estimatedProgress, 0.05) : 0 }) { fraction in
        gtk_entry_set_progress_fraction(cast(entry), fraction)
    }
    follow({ page.isLoading }) { loading in
        let icon = loading ? "process-stop-symbolic" : "view-refresh-symbolic"
        gtk_button_set_image(cast(reload), gtk_image_new_from_icon_name(icon, GTK_ICON_SIZE_BUTTON))
        gtk_widget_set_tooltip_text(reload, loading ? "Stop" : "Reload")
    }
    follow({ page.canGoBack }) { gtk_widget_set_sensitive(back, $0 ? 1 : 0) }
    follow({ page.canGoForward }) { gtk_widget_set_sensitive(forward, $0 ? 1 : 0) }

    if let url = CommandLine.arguments.dropFirst().first.flatMap(address(from:)) {
        page.load(url)
    } else {
        page.load(html: home)
    }
    window.present()
}
exit(status)
