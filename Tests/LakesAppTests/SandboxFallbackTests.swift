import Foundation
import Testing

/// Whether this process may make a mount namespace of its own (`unshare -m`), as root can.
private let canMakeMountNamespaces: Bool = {
    guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    process.arguments = ["-m", "true"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}()

/// Runs the built `lakes` where bubblewrap cannot make namespaces, as in containers that
/// forbid them: in a mount namespace of its own whose `/usr/bin/bwrap` fails as such a
/// bubblewrap does. (WebKit starts that very program; left to itself, it then aborts.)
@Suite(.serialized, .enabled(if: canMakeMountNamespaces, "needs root, to make a mount namespace"))
struct SandboxFallbackTests {
    /// The `lakes` binary SwiftPM built beside this test bundle.
    private var lakes: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("lakes")
    }

    @Test func whereBubblewrapCannotRunLakesShowsItsArticleWithoutTheSandboxAndSaysWhy() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-no-bwrap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        var environment = ProcessInfo.processInfo.environment
        for (variable, folder) in [
            "HOME": "", "XDG_DATA_HOME": "data", "XDG_CONFIG_HOME": "config", "XDG_CACHE_HOME": "cache",
        ] {
            try FileManager.default.createDirectory(
                at: home.appendingPathComponent(folder), withIntermediateDirectories: true)
            environment[variable] = home.appendingPathComponent(folder).path
        }
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["NO_AT_BRIDGE"] = "1"
        environment["LAKES_REPORT_STARTUP"] = "1"  // quit once the first article has drawn
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        environment["BENCH_T0_NS"] = String(UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec))
        for variable in ["WEBKIT_FORCE_SANDBOX", "WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS"] {
            environment[variable] = nil
        }
        let failing = home.appendingPathComponent("bwrap")
        try Data("#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n".utf8).write(
            to: failing)
        chmod(failing.path, 0o755)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = [
            "-m", "--propagation", "private", "/bin/sh", "-c",
            "mount --bind \"$0\" /usr/bin/bwrap && exec \"$1\"", failing.path, lakes.path,
        ]
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let logged = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(logged)")
        let metrics = printed.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["metric"] as? String
        }
        #expect(metrics == ["finished_ms", "first_frame_ms"], "the article loaded and drew: \(printed)")
        #expect(logged.contains("WebKitGTKSwift-WARNING"), "\(logged)")
        #expect(logged.contains("web processes run without WebKit's bubblewrap sandbox"), "\(logged)")
        #expect(logged.contains("(bwrap: No permissions to create new namespace)"), "\(logged)")
    }
}
