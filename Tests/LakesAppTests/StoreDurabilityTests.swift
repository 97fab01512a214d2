import Foundation
import Testing

@testable import LakesApp

#if canImport(Glibc)
    import Glibc
#endif

/// Kills a process that replaces Lakes' stores over and over (`lakes-store-writer`) at
/// random moments, and reads the stores after each kill as Lakes would.
@MainActor
@Suite(.serialized)
struct StoreDurabilityTests {
    /// The writer SwiftPM built beside this test bundle.
    private var writer: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("lakes-store-writer")
    }

    @Test func aKillInTheMiddleOfAWriteLeavesTheOldOrTheNewStoreAndLosesNothingSaved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-durability-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SystemRandomNumberGenerator()
        var lastSaved = -1
        for round in 1...200 {
            let process = Process()
            process.executableURL = writer
            process.arguments = [folder.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Once it has started writing (its first "saved"), kill it at a random moment.
            var printed = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            usleep(UInt32.random(in: 0...20_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            printed += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            try #require(
                process.terminationReason == .uncaughtSignal,
                "round \(round): the writer ended by itself with status \(process.terminationStatus)")
            if let line = printed.split(separator: "\n").last, let saved = Int(line.dropFirst("saved ".count)) {
                lastSaved = saved
            }

            // The list is whole, in order, and holds everything the writer said it saved.
            let lakes = AddedLakeStore(folder: folder)
            guard case .loaded = lakes.load() else {
                Issue.record("round \(round): the list of lakes was corrupt")
                return
            }
            let titles = lakes.lakes.map(\.title)
            try #require(titles == (0..<titles.count).map { "Lake \($0)" }, "round \(round): \(titles.suffix(3))")
            try #require(titles.count > lastSaved, "round \(round): lake \(lastSaved) was saved, then lost")

            // The sightings too; a kill between the two writes may skip a number, never repeat one.
            let notes = try SightingStore(file: folder.appendingPathComponent("sightings.json")).all().compactMap {
                Int($0.note)
            }
            try #require(zip(notes, notes.dropFirst()).allSatisfy { $0 < $1 }, "round \(round): \(notes.suffix(3))")
            try #require((notes.last ?? -1) >= lastSaved, "round \(round): sighting \(lastSaved) was saved, then lost")
        }
        #expect(lastSaved >= 200, "the writer saved too little between kills to test anything")
        // A killed writer's temporary file is removed by the next write: at most the last
        // round's are left.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.count <= 2, "\(leftovers)")
    }
}
