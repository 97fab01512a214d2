internal import CWebKitGTK

/// Starts programs the app does not wait for, as GLib does (`GSubprocess`), and reaps
/// them on the main loop when they exit.
///
/// Nothing is left behind: the `GSubprocess` lives while GLib waits for its child, and
/// goes once the exit is reported. (Foundation's `Process` on Linux keeps itself and its
/// run-loop source alive in a cycle that outlives the child.)
@MainActor
package enum ChildProcess {
    /// Starts `arguments[0]` with the rest as its arguments and returns at once.
    ///
    /// The program is looked up in the `PATH` of `environment`, which is the child's whole
    /// environment; its standard input reads `/dev/null`, its output and errors go where
    /// the app's go.
    ///
    ///     try ChildProcess.spawn(["xdg-open", url], environment: variables) { failure in
    ///         if let failure { print(failure) }
    ///     }
    ///
    /// - Parameters:
    ///   - arguments: The program, then its arguments; none is interpreted by a shell.
    ///   - environment: The child's environment.
    ///   - onExit: Runs on the main loop once the child has exited: with nil when it
    ///     exited with status 0, or with what went wrong ("Child process exited with
    ///     code 4", "killed by signal 9").
    /// - Throws: `GLibError` when the program cannot be started (not found, not
    ///   executable).
    package static func spawn(
        _ arguments: [String], environment: [String: String],
        onExit: @escaping @MainActor (_ failure: String?) -> Void
    ) throws(GLibError) {
        precondition(!arguments.isEmpty, "ChildProcess.spawn needs a program to start")
        let launcher = g_subprocess_launcher_new(G_SUBPROCESS_FLAGS_SEARCH_PATH_FROM_ENVP)!
        defer { g_object_unref(UnsafeMutableRawPointer(launcher)) }
        // Copied by the launcher; gchar ** only because C cannot say const gchar * const *.
        withNullTerminatedCStrings(environment.map { "\($0.key)=\($0.value)" }) { variables in
            let strings = variables.map { UnsafeMutableRawPointer(mutating: $0) }
            let environ = strings?.assumingMemoryBound(to: UnsafeMutablePointer<gchar>?.self)
            g_subprocess_launcher_set_environ(launcher, environ)
        }
        let child = try GLibError.check { error in
            withNullTerminatedCStrings(arguments) { argv in g_subprocess_launcher_spawnv(launcher, argv, error) }
        }
        guard let child else {
            let message = "GLib started no process for \(arguments[0])"
            throw GLibError(domain: "g-spawn-error-quark", code: 0, message: message)
        }
        let handler: AsyncReadyHandler = { _, result in
            var error: UnsafeMutablePointer<GError>?
            let succeeded = g_subprocess_wait_check_finish(child, result, &error) != 0
            let failure = succeeded ? nil : error.map { GLibError(adopting: OpaquePointer($0)).message }
            assumeMainActor { onExit(succeeded ? nil : failure ?? "the child process failed") }
        }
        // The wait holds its own reference to the child until it reports.
        g_subprocess_wait_check_async(child, nil, Trampoline.asyncReady, CallbackBox(handler).retainedPointer())
        g_object_unref(UnsafeMutableRawPointer(child))
    }
}
