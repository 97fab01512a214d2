internal import CWebKitGTK
import GTK

/// GTK's one-time set-up, under the name the page's files still call it by.
///
/// The set-up itself is ``Gtk/prepare()`` of the GTK layer; once every caller names that,
/// this file goes.
@MainActor
enum GTK {
    /// Initialises GTK on first use and makes sure GLib's main context is being iterated
    /// (``Gtk/prepare()``).
    static func prepare() { Gtk.prepare() }
}
