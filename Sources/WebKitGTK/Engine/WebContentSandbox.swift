internal import CWebKitGTK
import Foundation
import GLibBridge

/// Whether the library's web contexts start their web processes in WebKit's bubblewrap
/// sandbox: decided once per process, before the first store's first web process.
///
/// WebKitGTK can start each web process (the one that parses a page and runs its script)
/// through `bwrap`: in PID, network and UTS namespaces of its own (IPC too under Wayland),
/// with a seccomp filter, and with a file system that holds only the system's libraries
/// and data, fonts, the display's socket and the store's own folders, over an empty
/// `/tmp`. On webkit2gtk-4.1 that is off unless each web context asks for it before its
/// first web process (`webkit_web_context_set_sandbox_enabled`). WebKit does not check
/// that bubblewrap works: where it cannot make those namespaces (some containers, some
/// setups of root) WebKit aborts the app as it starts the first web process. So the
/// library runs `bwrap` once with the same namespaces and turns the sandbox on only when
/// that works; when it does not, it logs why, once.
///
/// WebKit's own variables decide first, as WebKit obeys them whatever the library asks:
/// `WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS` (set to anything but `0`) keeps it off, and
/// `WEBKIT_FORCE_SANDBOX=1` turns it on without the check.
@MainActor
enum WebContentSandbox {
    /// What was decided, and why.
    struct Decision: Equatable, Sendable {
        /// Whether web contexts are asked to sandbox their web processes.
        var isEnabled: Bool
        /// Why, in a few words, for the log.
        var reason: String
        /// Whether WebKit's variables decided, rather than the library's checks.
        var isWebKitsVariable = false
    }

    /// The program the check runs: the `bwrap` WebKitGTK is built to start.
    static var bubblewrap = "/usr/bin/bwrap"

    private static var decided: Decision?

    /// The decision for this process, made and logged on first use.
    static var decision: Decision {
        if let decided { return decided }
        let clock = ContinuousClock()
        let start = clock.now
        let decision = decide(
            environment: ProcessInfo.processInfo.environment, bubblewrap: bubblewrap,
            runtimeDirectory: String(cString: g_get_user_runtime_dir()))
        log(decision, after: clock.now - start)
        decided = decision
        return decision
    }

    /// Asks `context` to sandbox its web processes, or not, as ``decision`` says. Call it
    /// before the context's first web process starts.
    ///
    /// Mesa's shader cache stays outside the sandbox, as WebKit leaves it: shared writable, a
    /// web process taken over by a page could plant compiled code in it that the app, and
    /// every other program drawing with Mesa, would then run. The price is that a web
    /// process compiles its shaders again at each start (with Mesa's software renderer,
    /// about 0.4 s more before a page's first frame).
    static func apply(to context: GObjectReference) {
        webkit_web_context_set_sandbox_enabled(context.cast(), decision.isEnabled ? cwk_true : cwk_false)
    }

    /// Forgets the decision, so that the next store decides again (for tests that change
    /// ``bubblewrap``). Contexts already made keep theirs.
    static func forgetDecision() { decided = nil }

    /// The longest path a Unix socket can be bound to (`sun_path` less its NUL).
    static let longestSocketPath = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// The decision for an environment, running `bubblewrap` when WebKit's variables leave
    /// the choice open.
    ///
    /// - Parameters:
    ///   - environment: The process's environment, for WebKit's variables.
    ///   - bubblewrap: The `bwrap` to try.
    ///   - runtimeDirectory: GLib's user runtime directory (`g_get_user_runtime_dir`), where
    ///     WebKit makes the sockets of the D-Bus proxy its sandbox puts between web
    ///     processes and the session and accessibility buses.
    static func decide(environment: [String: String], bubblewrap: String, runtimeDirectory: String) -> Decision {
        if let disable = environment["WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS"], disable != "0" {
            return Decision(
                isEnabled: false, reason: "WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS is set", isWebKitsVariable: true)
        }
        if environment["WEBKIT_FORCE_SANDBOX"] == "1" {
            return Decision(isEnabled: true, reason: "WEBKIT_FORCE_SANDBOX=1", isWebKitsVariable: true)
        }
        // WebKit names the proxy's sockets <runtime>/webkitgtk/a11y-proxy-XXXXXX (and
        // bus-proxy-…). Past the socket limit they are cut to one same name, the proxy fails
        // to listen, and WebKit aborts the app as it starts its first web process.
        let proxySocket = runtimeDirectory + "/webkitgtk/a11y-proxy-XXXXXX"
        if proxySocket.utf8.count > longestSocketPath {
            return Decision(
                isEnabled: false,
                reason: "the runtime directory \(runtimeDirectory) is too long for the sockets WebKit makes in it "
                    + "(set XDG_RUNTIME_DIR to a folder whose path has at most "
                    + "\(longestSocketPath - proxySocket.utf8.count + runtimeDirectory.utf8.count) bytes)")
        }
        if let failure = probe(bubblewrap) {
            return Decision(isEnabled: false, reason: failure)
        }
        return Decision(isEnabled: true, reason: "\(bubblewrap) works")
    }

    /// Runs `bubblewrap` around `true` with the namespaces and mounts WebKit asks for its
    /// web processes (`BubblewrapLauncher.cpp`); nil when it exits with 0, else what went wrong.
    private static func probe(_ bubblewrap: String) -> String? {
        guard FileManager.default.isExecutableFile(atPath: bubblewrap) else {
            return "\(bubblewrap) is missing (Debian's package bubblewrap)"
        }
        let arguments = [
            bubblewrap, "--die-with-parent", "--unshare-pid", "--unshare-uts", "--unshare-net", "--unshare-ipc",
            "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp", "true",
        ]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var standardError: UnsafeMutablePointer<gchar>?
        var status: gint = 0
        var error: UnsafeMutablePointer<GError>?
        let spawned = argv.withUnsafeMutableBufferPointer {
            g_spawn_sync(
                nil, $0.baseAddress, nil, G_SPAWN_STDOUT_TO_DEV_NULL, nil, nil, nil, &standardError, &status, &error)
        }
        defer { g_free(standardError) }
        if spawned == 0 {
            let reason = error.map { GLibError(adopting: OpaquePointer($0)).message } ?? "no reason given"
            return "\(bubblewrap) could not be started (\(reason))"
        }
        if g_spawn_check_wait_status(status, nil) != 0 { return nil }
        let said = String(optionalCString: standardError)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return "\(bubblewrap) failed to make the namespaces WebKit asks for"
            + (said.isEmpty ? " (wait status \(status))" : " (\(said))")
    }

    /// Says what was decided: a warning when a check failed, a message when WebKit's
    /// variable turned the sandbox off, and detail for debugging when it is on.
    private static func log(_ decision: Decision, after time: Duration) {
        if decision.isEnabled {
            let milliseconds = Double(time.components.seconds) * 1000 + Double(time.components.attoseconds) / 1e15
            Log.library.debug(
                "web processes run in WebKit's bubblewrap sandbox: \(decision.reason) "
                    + "(decided in \(Int(milliseconds.rounded())) ms)")
        } else if decision.isWebKitsVariable {
            Log.library.message("web processes run without WebKit's bubblewrap sandbox: \(decision.reason)")
        } else {
            Log.library.warning(
                "web processes run without WebKit's bubblewrap sandbox, so a page that takes over its process can "
                    + "read and write whatever this user can: \(decision.reason). (WEBKIT_FORCE_SANDBOX=1 skips this "
                    + "check; WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS=1 turns the sandbox off without it.)")
        }
    }
}
