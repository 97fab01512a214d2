internal import CWebKitGTK
import Foundation
import GLibBridge

extension Gtk {
    /// A `GtkApplication`: one app on the session bus, its windows, actions and shortcuts.
    ///
    /// By default it is unique: a second launch hands its command line to the first
    /// instance over D-Bus and exits.
    @MainActor
    package final class Application {
        /// The application's reference.
        package let reference: GObjectReference
        private var connections: [SignalConnection] = []
        private var actions: [SimpleAction] = []

        /// An application with its ID, or none (`gtk_application_new`); `handlesOpen` adds
        /// `G_APPLICATION_HANDLES_OPEN`.
        package init(id: String?, handlesOpen: Bool) {
            let flags = handlesOpen ? G_APPLICATION_HANDLES_OPEN : G_APPLICATION_DEFAULT_FLAGS
            reference = GObjectReference(adopting: OpaquePointer(gtk_application_new(id, flags)!))
        }

        private var application: UnsafeMutablePointer<GApplication> { reference.cast() }

        /// Makes this run its own instance, neither forwarding to nor receiving from
        /// others (`G_APPLICATION_NON_UNIQUE`). Only before the application registers.
        package func makeNonUnique() {
            g_application_set_flags(
                application,
                GApplicationFlags(g_application_get_flags(application).rawValue | G_APPLICATION_NON_UNIQUE.rawValue))
        }

        /// Adds a command-line option without an argument (`g_application_add_main_option`).
        package func addOption(_ name: String, short: Character? = nil, description: String) {
            let shortName = short.flatMap(\.asciiValue).map { CChar(bitPattern: $0) } ?? 0
            g_application_add_main_option(
                application, name, shortName, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, description, nil)
        }

        /// Takes every argument that is not an option, for ``onLocalOptions(_:)``
        /// (`G_OPTION_REMAINING`), shown in `--help` as `placeholder`.
        package func addRemainingArguments(placeholder: String) {
            g_application_add_main_option(
                application, G_OPTION_REMAINING, 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING_ARRAY, "", placeholder)
        }

        /// The sentence `--help` shows under its usage line
        /// (`g_application_set_option_context_summary`).
        package func describeCommandLine(summary: String) {
            g_application_set_option_context_summary(application, summary)
        }

        /// Handles the parsed options in the launching process (`handle-local-options`):
        /// `handler` returns an exit status to stop there, or nil to go on.
        package func onLocalOptions(_ handler: @escaping @MainActor (CommandLineOptions) -> Int32?) {
            connections.append(
                reference.connect(
                    "handle-local-options",
                    returningInt: { arguments in
                        guard let dictionary = arguments.pointer(1) else { return -1 }
                        return handler(CommandLineOptions(dictionary: dictionary)) ?? -1
                    }))
        }

        /// Registers on the session bus now, to learn whether another instance runs
        /// (`g_application_register`).
        ///
        /// - Throws: The `GLibError` registration failed with.
        package func register() throws(GLibError) {
            _ = try GLibError.check { g_application_register(application, nil, $0) }
        }

        /// Whether a launch forwards to an instance that already runs (`g_application_get_is_remote`).
        package var isRemote: Bool { g_application_get_is_remote(application) != 0 }

        /// Opens URIs in the primary instance, here or over D-Bus (`g_application_open`).
        package func open(_ uris: [String]) {
            let files = uris.map { g_file_new_for_uri($0) }
            defer { files.forEach { g_object_unref(UnsafeMutableRawPointer($0)) } }
            var pointers: [OpaquePointer?] = files
            g_application_open(application, &pointers, gint(pointers.count), "")
        }

        /// Asks the primary instance to show itself (`g_application_activate`).
        package func activateRemote() { g_application_activate(application) }

        /// Sends what is queued for the primary instance now (`g_dbus_connection_flush_sync`).
        package func flush() {
            if let connection = g_application_get_dbus_connection(application) {
                g_dbus_connection_flush_sync(connection, nil, nil)
            }
        }

        /// Sets the app's name as people see it (`g_set_application_name`). The program
        /// name stays the command's, as `--help` shows it; desktops match windows to the
        /// desktop file by the application's ID.
        package static func setName(_ displayName: String) {
            g_set_application_name(displayName)
        }

        /// The app's name as people see it, if it was set (`g_get_application_name`).
        package static var name: String? { String(optionalCString: g_get_application_name()) }

        /// Whether `id` is one GLib takes as an application ID (`g_application_id_is_valid`).
        package static func isValid(id: String) -> Bool { g_application_id_is_valid(id) != 0 }

        /// Whether the application has registered, as running it does (`g_application_get_is_registered`).
        package var isRegistered: Bool { g_application_get_is_registered(application) != 0 }

        /// Runs `handler` when the primary instance is asked to show itself (`activate`).
        package func onActivate(_ handler: @escaping @MainActor () -> Void) {
            connections.append(
                reference.connect("activate") { _ in
                    handler()
                    return nil
                })
        }

        /// Runs `handler` with the URIs the primary instance is asked to open (`open`).
        package func onOpen(_ handler: @escaping @MainActor ([String]) -> Void) {
            connections.append(
                reference.connect("open") { arguments in
                    guard let files = arguments.pointer(1) else { return nil }
                    let list = UnsafeMutablePointer<OpaquePointer?>(files)
                    let uris = (0..<Int(arguments.int(2))).compactMap { index in
                        list[index].flatMap { String(ownedCString: g_file_get_uri($0)) }
                    }
                    handler(uris)
                    return nil
                })
        }

        /// Runs `handler` once when the primary instance starts, before any window (`startup`).
        package func onStartup(_ handler: @escaping @MainActor () -> Void) {
            connections.append(
                reference.connect("startup", after: true) { _ in
                    handler()
                    return nil
                })
        }

        /// Adds an application action, `app.<name>` (`g_action_map_add_action`).
        package func addAction(_ action: SimpleAction) {
            actions.append(action)
            g_action_map_add_action(reference.pointer, action.reference.pointer)
        }

        /// Sets the keyboard shortcuts of an action such as `win.reload`
        /// (`gtk_application_set_accels_for_action`).
        package func setAccelerators(_ accelerators: [String], for action: String) {
            withNullTerminatedCStrings(accelerators) { strings in
                gtk_application_set_accels_for_action(reference.cast(), action, strings)
            }
        }

        /// Runs the application with the process's arguments until it quits (`g_application_run`).
        package func run(arguments: [String]) -> Int32 {
            var argv = arguments.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            return g_application_run(application, gint(arguments.count), &argv)
        }

        /// Ends the run (`g_application_quit`).
        package func quit() { g_application_quit(application) }
    }

    /// The options `GApplication` parsed (a `GVariantDict`), valid while the handler runs.
    @MainActor
    package struct CommandLineOptions {
        let dictionary: OpaquePointer

        /// Whether the option was given (`g_variant_dict_contains`).
        package func contains(_ name: String) -> Bool {
            g_variant_dict_contains(UnsafeMutablePointer(dictionary), name) != 0
        }

        /// The arguments that were not options, in order.
        package var remaining: [String] {
            guard let value = g_variant_dict_lookup_value(UnsafeMutablePointer(dictionary), G_OPTION_REMAINING, nil)
            else { return [] }
            defer { g_variant_unref(value) }
            guard let strings = g_variant_get_strv(value, nil) else { return [] }
            defer { g_free(strings) }
            return [String](nullTerminated: strings)
        }
    }
}
