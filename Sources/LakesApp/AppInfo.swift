/// Facts about the app that every part shares.
package enum AppInfo {
    /// The application ID, also the D-Bus name and the desktop file's name.
    package static let id = "io.github.lakes.Lakes"
    /// The name shown to people.
    package static let name = "Lakes"
    /// The version, as meson and the metainfo file give it.
    package static let version = "0.2.0"
    /// Where people read about the app.
    package static let website = "https://github.com/lakes/lakes"
}
