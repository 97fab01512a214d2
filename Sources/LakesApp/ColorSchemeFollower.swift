import Foundation

/// Follows the desktop's light or dark preference, the article included.
///
/// GNOME keeps it in `org.gnome.desktop.interface color-scheme` (read through the portal
/// inside a sandbox); a theme forced with `GTK_THEME=Adwaita:dark` counts too. The
/// preference reaches GTK as `gtk-application-prefer-dark-theme`, and WebKit answers the
/// pages' `prefers-color-scheme` from that.
@MainActor
final class ColorSchemeFollower {
    private let desktop: Gtk.Settings?

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        desktop = Gtk.Settings(
            schema: "org.gnome.desktop.interface", sources: [.installed], requiringKey: "color-scheme")
        let forcedDark = environment["GTK_THEME"]?.lowercased().hasSuffix(":dark") == true
        desktop?.onChange("color-scheme") { [weak self] in self?.apply(forcedDark: forcedDark) }
        apply(forcedDark: forcedDark)
    }

    /// Whether the desktop prefers dark: `color-scheme` is `prefer-dark` (1).
    var desktopPrefersDark: Bool { desktop?.enumValue("color-scheme") == 1 }

    private func apply(forcedDark: Bool) {
        Gtk.setPrefersDarkTheme(forcedDark || desktopPrefersDark)
    }
}
