internal import CWebKitGTK
import Foundation
import GLibBridge

extension Gtk {
    /// A `GSettings` object: an app's settings, kept by dconf (or another backend) under a
    /// schema that names each key and its type.
    @MainActor
    package final class Settings {
        private let reference: GObjectReference

        /// Where a schema is looked for.
        package enum Source {
            /// The schemas installed on the system, and `GSETTINGS_SCHEMA_DIR`.
            case installed
            /// A folder with a `gschemas.compiled`, such as a build tree's.
            case directory(URL)
        }

        /// Where the values are kept.
        package enum Backend {
            /// The desktop's own store (dconf, or `GSETTINGS_BACKEND`).
            case standard
            /// A key file, as `g_keyfile_settings_backend_new` keeps one.
            case keyFile(URL)
            /// Memory only, forgotten when the process ends.
            case memory
        }

        /// The settings of schema `id`, or nil when no source has the schema: an app that
        /// calls `g_settings_new` for a missing schema is aborted by GLib.
        package init?(
            schema id: String, sources: [Source], backend: Backend = .standard, requiringKey key: String? = nil
        ) {
            var found: OpaquePointer?
            for source in sources where found == nil {
                switch source {
                case .installed:
                    if let standard = g_settings_schema_source_get_default() {
                        found = g_settings_schema_source_lookup(standard, id, cwk_true)
                    }
                case .directory(let folder):
                    guard
                        FileManager.default.fileExists(atPath: folder.appendingPathComponent("gschemas.compiled").path),
                        let made = g_settings_schema_source_new_from_directory(
                            folder.path, g_settings_schema_source_get_default(), cwk_false, nil)
                    else { continue }
                    found = g_settings_schema_source_lookup(made, id, cwk_false)
                    g_settings_schema_source_unref(made)
                }
            }
            guard let schema = found else { return nil }
            defer { g_settings_schema_unref(schema) }
            if let key, g_settings_schema_has_key(schema, key) == 0 { return nil }
            let backendObject: UnsafeMutablePointer<GSettingsBackend>? =
                switch backend {
                case .standard: nil
                case .keyFile(let file): g_keyfile_settings_backend_new(file.path, "/", "lakes")
                case .memory: g_memory_settings_backend_new()
                }
            defer { backendObject.map { g_object_unref(UnsafeMutableRawPointer($0)) } }
            reference = GObjectReference(adopting: OpaquePointer(g_settings_new_full(schema, backendObject, nil)!))
        }

        private var settings: UnsafeMutablePointer<GSettings> { reference.cast() }

        /// An enumerated key, as the number of its value (`g_settings_get_enum`).
        package func enumValue(_ key: String) -> Int { Int(g_settings_get_enum(settings, key)) }
        /// Sets an enumerated key to the value numbered `value` (`g_settings_set_enum`).
        package func setEnumValue(_ key: String, _ value: Int) { g_settings_set_enum(settings, key, gint(value)) }

        /// Runs `handler` after each change to `key` (`changed::<key>`).
        package func onChange(_ key: String, _ handler: @escaping @MainActor () -> Void) {
            connections.append(
                reference.connect("changed::\(key)") { _ in
                    handler()
                    return nil
                })
        }
        private var connections: [SignalConnection] = []

        /// A boolean key (`g_settings_get_boolean`, `g_settings_set_boolean`).
        package func bool(_ key: String) -> Bool { g_settings_get_boolean(settings, key) != 0 }
        /// Sets a boolean key.
        package func set(_ key: String, _ value: Bool) {
            g_settings_set_boolean(settings, key, value ? cwk_true : cwk_false)
        }

        /// An integer key (`g_settings_get_int`, `g_settings_set_int`).
        package func int(_ key: String) -> Int { Int(g_settings_get_int(settings, key)) }
        /// Sets an integer key, clamped to its 32 bits.
        package func set(_ key: String, _ value: Int) { g_settings_set_int(settings, key, gint(clamping: value)) }

        /// A floating-point key (`g_settings_get_double`, `g_settings_set_double`).
        package func double(_ key: String) -> Double { g_settings_get_double(settings, key) }
        /// Sets a floating-point key.
        package func set(_ key: String, _ value: Double) { g_settings_set_double(settings, key, value) }

        /// A string key (`g_settings_get_string`, `g_settings_set_string`).
        package func string(_ key: String) -> String {
            String(ownedCString: g_settings_get_string(settings, key)) ?? ""
        }
        /// Sets a string key.
        package func set(_ key: String, _ value: String) { g_settings_set_string(settings, key, value) }

        /// Writes what was set to the backend now (`g_settings_sync`).
        package static func sync() { g_settings_sync() }
    }
}
