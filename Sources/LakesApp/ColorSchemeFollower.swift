import Foundation
import GTK

/// Follows the desktop's light or dark preference, the article included.
///
/// GNOME keeps it in `org.gnome.desktop.interface color-scheme` (read through the portal
/// inside a sandbox); a theme forced with `GTK_THEME=Adwaita:dark` counts too. The
/// preference reaches GTK as `gtk-application-prefer-dark-theme`, and WebKit answers the
/// pages' `prefers-color-scheme` from that.
@MainActor
final class ColorSchemeFollower {
    private let desktop: Gtk.Settings?

    /// Follows `desktop` (the desktop's interface settings, if their schema is installed)
    /// and `GTK_THEME` in `environment`.
    init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        desktop: Gtk.Settings? = ColorSchemeFollower.desktopSettings()
    ) {
        self.desktop = desktop
        let forcedDark = environment["GTK_THEME"]?.lowercased().hasSuffix(":dark") == true
        desktop?.onChange("color-scheme") { [weak self] in self?.apply(forcedDark: forcedDark) }
        apply(forcedDark: forcedDark)
    }

    /// GNOME's interface settings, where `color-scheme` is kept; nil where they are not installed.
    static func desktopSettings(backend: Gtk.Settings.Backend = .standard) -> Gtk.Settings? {
        Gtk.Settings(
            schema: "org.gnome.desktop.interface", sources: [.installed], backend: backend, requiringKey: "color-scheme"
        )
    }

    /// Whether the desktop prefers dark: `color-scheme` is `prefer-dark` (1).
    var desktopPrefersDark: Bool { desktop?.enumValue("color-scheme") == 1 }

    private func apply(forcedDark: Bool) {
        Gtk.setPrefersDarkTheme(forcedDark || desktopPrefersDark)
    }
}
