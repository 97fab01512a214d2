import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import LakesApp

/// Runs the built `lakes` executable as a person would, and reads what it shows from the
/// X server (window titles), not from inside the process.
@Suite(.serialized)
struct LakesExecutableTests {
    /// The `lakes` binary SwiftPM built beside this test bundle.
    private var lakes: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("lakes")
    }

    /// A throwaway home for one test's runs of Lakes: its data, settings (in memory) and
    /// caches stay out of the real ones.
    private static func environment(home: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for (variable, folder) in [
            "HOME": "", "XDG_DATA_HOME": "data", "XDG_CONFIG_HOME": "config", "XDG_CACHE_HOME": "cache",
            "XDG_STATE_HOME": "state",
        ] {
            let path = home.appendingPathComponent(folder)
            try? FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
            environment[variable] = path.path
        }
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["NO_AT_BRIDGE"] = "1"
        return environment
    }

    private static func makeHome() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("lakes-executable-\(UUID().uuidString)")
    }

    private func run(_ arguments: [String], environment: [String: String]? = nil) throws -> (
        status: Int32, output: String, error: String
    ) {
        let home = Self.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let process = Process()
        process.executableURL = lakes
        process.arguments = arguments
        process.environment = environment ?? Self.environment(home: home)
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        return (
            process.terminationStatus,
            String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        )
    }

    /// The names of the X server's windows, as `xwininfo -root -tree` lists them.
    private func windowNames() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xwininfo")
        process.arguments = ["-root", "-tree"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func versionAndHelpPrintAndExit() throws {
        let version = try run(["--version"])
        #expect(version.status == 0)
        #expect(version.output.hasPrefix("Lakes "))
        let help = try run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("lakes [OPTION…] [URL…]"), "\(help.output)")
    }

    @Test func anUnknownOptionIsRefusedByGApplication() throws {
        let result = try run(["--no-such-option"])
        #expect(result.status == 1)
        #expect(result.error.contains("Unknown option --no-such-option"))
    }

    @Test(arguments: ["not a url", "relative/path"])
    func anArgumentThatIsNoPageExitsWithAMessage(_ argument: String) throws {
        let result = try run([argument])
        #expect(result.status == 2)
        #expect(result.error.contains("not a URL or an existing file: \(argument)"))
        #expect(result.error.contains("lakes --help"))
    }

    @Test func helpListsTheOptionsInTheReadersLanguage() throws {
        var environment = Self.environment(home: Self.makeHome())
        environment["LANGUAGE"] = "es"
        let help = try run(["--help"], environment: environment)
        #expect(help.status == 0)
        #expect(help.output.contains("--automation"))
        #expect(help.output.contains("--version"))
        #expect(help.output.contains("Lea sobre los grandes lagos del mundo"), "\(help.output)")
    }

    /// `bench/run`'s start-up report: the first article's load and then its first frame,
    /// as the page posted it, each once, after which Lakes quits by itself.
    @Test func theStartupReportTimesTheFirstArticleAndQuits() throws {
        let home = Self.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        var environment = Self.environment(home: home)
        environment["LAKES_REPORT_STARTUP"] = "1"
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        environment["BENCH_T0_NS"] = String(UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec))
        let result = try run([], environment: environment)
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.map { $0["metric"] as? String } == ["finished_ms", "first_frame_ms"], "\(result.output)")
        let values = lines.compactMap { $0["value"] as? Double }
        #expect(values.count == 2 && values[0] > 0 && values[1] >= values[0], "\(values)")
    }

    /// The processes whose environment names `home` as their HOME: a Lakes and the WebKit
    /// processes it started, which outlive it if it does not end them.
    private static func processes(ofHome home: URL) -> [Int32] {
        let marker = Data("HOME=\(home.path)\u{0}".utf8)
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
            guard let pid = Int32(entry), pid != getpid(),
                let environment = FileManager.default.contents(atPath: "/proc/\(entry)/environ"),
                environment.range(of: marker) != nil
            else { return nil }
            return pid
        }
    }

    @MainActor
    @Test func aHundredStartsEndedBySIGTERMExitCleanlyLeaveNoProcessAndKeepTheStores() async throws {
        let home = Self.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = Self.environment(home: home)
        let folder = DataFolder.app(environment: environment)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = AddedLakeStore(folder: folder)
        try store.add(URL(string: "https://lakes.example/geneva")!, title: "Lake Geneva")
        let sightings = SightingStore(file: folder.appendingPathComponent("sightings.json"))
        _ = try sightings.save(
            fields: ["name": "Ann", "email": "ann@lakes.example", "lake": "tahoe", "note": "Clear"], lakes: ["tahoe"])
        let storesBefore = try [store.file, sightings.file].map { try Data(contentsOf: $0) }

        for round in 1...100 {
            let process = Process()
            process.executableURL = lakes
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            var shown = false
            try await until(
                "round \(round): a window shows Lake Tahoe", timeout: .seconds(30), checkingEvery: .milliseconds(50)
            ) {
                shown = try windowNames().contains("\"Lake Tahoe\"")
                return shown || !process.isRunning
            }
            try #require(shown, "round \(round): no window showed Lake Tahoe")
            process.terminate()
            await until("round \(round): lakes exits at SIGTERM", timeout: .seconds(10)) { !process.isRunning }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            try #require(
                process.terminationReason == .exit && process.terminationStatus == 0,
                "round \(round): ended by \(process.terminationReason) with \(process.terminationStatus)")
            // Its web and network processes go with it, a moment later at most.
            var left: [Int32] = []
            await until(
                "round \(round): its processes are gone", timeout: .seconds(5), checkingEvery: .milliseconds(50)
            ) {
                left = Self.processes(ofHome: home)
                return left.isEmpty
            }
            try #require(left.isEmpty, "round \(round): processes left behind: \(left)")
        }
        #expect(try [store.file, sightings.file].map { try Data(contentsOf: $0) } == storesBefore)
        let reread = AddedLakeStore(folder: folder)
        guard case .loaded = reread.load() else {
            Issue.record("the list of lakes no longer loads")
            return
        }
        #expect(reread.lakes.map(\.title) == ["Lake Geneva"])
    }

    @Test func theWindowShowsThePagesTitle() async throws {
        let title = "Lake Smoke \(getpid())"
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-smoke-\(getpid()).html")
        try Data("<!doctype html><title>\(title)</title><h1>Smoke</h1>".utf8).write(to: page)
        defer { try? FileManager.default.removeItem(at: page) }

        let home = Self.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let process = Process()
        process.executableURL = lakes
        process.environment = Self.environment(home: home)
        process.arguments = [page.absoluteString]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            // A stuck app must not hang the suite: SIGKILL after a grace period.
            if process.isRunning { process.terminate() }
            for _ in 0..<50 where process.isRunning { usleep(100_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        var names = ""
        try await until("a window is titled \(title)", timeout: .seconds(30), checkingEvery: .milliseconds(100)) {
            names = try windowNames()
            return names.contains("\"\(title)\"")
        }
        #expect(names.contains("\"\(title)\""), "no window titled \(title) in:\n\(names)")
        #expect(process.isRunning)
        // SIGTERM quits it cleanly.
        process.terminate()
        await until("lakes exits at SIGTERM", timeout: .seconds(5)) { !process.isRunning }
        #expect(!process.isRunning)
        if !process.isRunning { #expect(process.terminationStatus == 0) }
    }
}
