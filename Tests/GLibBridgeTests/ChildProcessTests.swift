import Foundation
import Testing
import WebKitGTKTesting

@testable import GLibBridge

@MainActor
struct ChildProcessTests {
    /// Starts `arguments` and waits for what `onExit` reports.
    private func run(_ arguments: [String], environment: [String: String] = ["PATH": "/usr/bin:/bin"]) async throws
        -> String?
    {
        try await withCheckedThrowingContinuation { continuation in
            do {
                try ChildProcess.spawn(arguments, environment: environment) { continuation.resume(returning: $0) }
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }

    @Test func aChildThatSucceedsReportsNoFailure() async throws {
        #expect(try await run(["true"]) == nil)
    }

    @Test func aChildThatFailsSaysHow() async throws {
        let failure = try await run(["sh", "-c", "exit 3"])
        #expect(failure?.contains("3") == true)
        let killed = try await run(["sh", "-c", "kill -9 $$"])
        #expect(killed != nil)
    }

    @Test func theChildGetsExactlyTheEnvironmentGivenAndNoInput() async throws {
        // HOME is unset in the child although the tests have one; PATH finds sh.
        let script = #"test "$LAKES_PROBE" = "a b=c" && test -z "${HOME+set}" && test "$(cat)" = """#
        let environment = ["PATH": "/usr/bin:/bin", "LAKES_PROBE": "a b=c"]
        #expect(try await run(["sh", "-c", script], environment: environment) == nil)
    }

    @Test func aProgramNotInThePathIsAnError() async {
        #expect(throws: GLibError.self) {
            try ChildProcess.spawn(["sh"], environment: ["PATH": "/nonexistent"]) { _ in }
        }
        #expect(throws: GLibError.self) {
            try ChildProcess.spawn(["lakes-no-such-program"], environment: ["PATH": "/usr/bin:/bin"]) { _ in }
        }
    }

    /// The children of this process that have exited and were not waited for.
    private func zombies() throws -> Set<Substring> {
        let children = try String(contentsOfFile: "/proc/self/task/\(getpid())/children", encoding: .utf8)
        return Set(
            children.split(separator: " ").filter { pid in
                (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.contains(") Z ") == true
            })
    }

    @Test func aThousandChildrenAreAllReaped() async throws {
        let zombiesBefore = try zombies()
        var reported = 0
        for _ in 0..<1000 {
            try ChildProcess.spawn(["true"], environment: ["PATH": "/usr/bin:/bin"]) { failure in
                if failure == nil { reported += 1 }
            }
        }
        await until("every child is reported", timeout: .seconds(60)) { reported >= 1000 }
        #expect(reported == 1000)
        // No new zombie: every child was waited for.
        #expect(try zombies().subtracting(zombiesBefore).isEmpty)
    }
}
