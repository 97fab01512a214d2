import Foundation
import GTK

/// What Lakes remembers between runs, kept by GSettings under `io.github.lakes.Lakes`:
/// the window's size and maximized state, the sidebar's width, the last article and the zoom.
///
/// When the schema is not installed (a build run from its tree without
/// `scripts/build-resources`), the values live in memory for the run only, and the
/// defaults below are used at start.
@MainActor
package final class AppSettings {
    /// The schema's id, which is also the app's.
    package static let schemaID = AppInfo.id
    private let settings: Gtk.Settings?
    private var memory: [String: Any] = [:]

    /// Whether the values are kept between runs (the schema was found).
    package var isPersistent: Bool { settings != nil }

    /// Settings from the installed schema, or a `schemas` folder beside a development build.
    package static func standard(executable: URL = URL(fileURLWithPath: CommandLine.arguments.first ?? "lakes"))
        -> AppSettings
    {
        let binary = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        let settings = Gtk.Settings(
            schema: schemaID,
            sources: [
                .installed,
                .directory(binary.deletingLastPathComponent().appendingPathComponent("share/glib-2.0/schemas")),
                .directory(binary.appendingPathComponent("schemas")),
            ])
        return AppSettings(settings)
    }

    /// Settings from the schema compiled in `schemaFolder`, kept in `keyFile` (or in memory).
    package static func from(schemaFolder: URL, keyFile: URL?) -> AppSettings {
        AppSettings(
            Gtk.Settings(
                schema: schemaID, sources: [.directory(schemaFolder)], backend: keyFile.map { .keyFile($0) } ?? .memory)
        )
    }

    private init(_ settings: Gtk.Settings?) {
        self.settings = settings
    }

    package var windowWidth: Int {
        get { int("window-width", 1100) }
        set { set("window-width", max(newValue, 360)) }
    }

    package var windowHeight: Int {
        get { int("window-height", 760) }
        set { set("window-height", max(newValue, 300)) }
    }

    package var isWindowMaximized: Bool {
        get { settings?.bool("window-maximized") ?? (memory["window-maximized"] as? Bool ?? false) }
        set {
            settings?.set("window-maximized", newValue)
            memory["window-maximized"] = newValue
        }
    }

    /// Kept between 180 and 600 pixels, as the schema's range says.
    package var sidebarWidth: Int {
        get { int("sidebar-width", 260) }
        set { set("sidebar-width", min(max(newValue, 180), 600)) }
    }

    /// A bundled article's slug or an added one's address; empty for none.
    package var lastArticle: String {
        get { settings?.string("last-article") ?? (memory["last-article"] as? String ?? "") }
        set {
            settings?.set("last-article", newValue)
            memory["last-article"] = newValue
        }
    }

    /// Kept between 0.5 and 3, as the schema's range says.
    package var zoom: Double {
        get { settings?.double("zoom") ?? (memory["zoom"] as? Double ?? 1) }
        set {
            let zoom = newValue.isFinite ? min(max(newValue, 0.5), 3) : 1
            settings?.set("zoom", zoom)
            memory["zoom"] = zoom
        }
    }

    /// Writes pending changes to the backend now.
    package func sync() {
        if settings != nil { Gtk.Settings.sync() }
    }

    private func int(_ key: String, _ fallback: Int) -> Int {
        settings?.int(key) ?? (memory[key] as? Int ?? fallback)
    }

    private func set(_ key: String, _ value: Int) {
        settings?.set(key, value)
        memory[key] = value
    }
}
