internal import CWebKitGTK
import Foundation

extension Gtk {
    /// Asks GTK, and with it every web view, for the dark or the light variant of the theme
    /// (`gtk-application-prefer-dark-theme` of the default `GtkSettings`). WebKit answers
    /// `prefers-color-scheme` from it, so pages follow too.
    ///
    /// GTK reloads the whole theme on every set, even of the value it has (some 30 ms of
    /// start-up on a software-rendered desktop), so an unchanged preference is left alone.
    package static func setPrefersDarkTheme(_ dark: Bool) {
        guard let settings = gtk_settings_get_default() else { return }
        let object = UnsafeMutablePointer<GObject>(OpaquePointer(settings))
        let name = "gtk-application-prefer-dark-theme"
        var value = GValue()
        g_value_init(&value, cwk_type_boolean())
        defer { g_value_unset(&value) }
        g_object_get_property(object, name, &value)
        guard (g_value_get_boolean(&value) != 0) != dark else { return }
        g_value_set_boolean(&value, dark ? cwk_true : cwk_false)
        g_object_set_property(object, name, &value)
    }
}

extension Gtk {
    /// Lets themed icons be found in `folder` too, as loose files or a theme's folders
    /// (`gtk_icon_theme_append_search_path`): how a build run from its tree finds the
    /// app's own icon, which an install puts in the hicolor theme.
    package static func addIconFolder(_ folder: URL) {
        guard FileManager.default.fileExists(atPath: folder.path), let theme = gtk_icon_theme_get_default() else {
            return
        }
        gtk_icon_theme_append_search_path(theme, folder.path)
    }
}
