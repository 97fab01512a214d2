/// Facts about the app that every part shares.
public enum AppInfo {
    /// The application ID, also the D-Bus name and the desktop file's name.
    public static let id = "io.github.lakes.Lakes"
    /// The name shown to people.
    public static let name = "Lakes"
    /// The version, as meson and the metainfo file give it.
    public static let version = "0.1.0"
}
