import Foundation
import Testing

@testable import LakesApp

/// The temporary stand-in for a person's folders under `--automation`.
struct ThrowawayHomeTests {
    private func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-scratch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func itHasPrivateDataSettingsCacheAndStateFolders() throws {
        let parent = try scratch()
        defer { try? FileManager.default.removeItem(at: parent) }
        let home = try ThrowawayHome.make(in: parent)
        #expect(home.directory.deletingLastPathComponent().path == parent.path)
        #expect(home.directory.lastPathComponent.hasPrefix("lakes-automation-"))
        #expect(
            Set(home.environment.keys) == [
                "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "GSETTINGS_BACKEND",
                "MESA_SHADER_CACHE_DISABLE",
            ])
        #expect(home.environment["GSETTINGS_BACKEND"] == "memory")
        #expect(home.environment["MESA_SHADER_CACHE_DISABLE"] == "true")
        for (variable, path) in home.environment where variable.hasPrefix("XDG_") {
            #expect(path.hasPrefix(home.directory.path + "/"))
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? Int) == 0o700)
        }
        home.remove()
        home.remove()
        #expect(!FileManager.default.fileExists(atPath: home.directory.path))
    }

    @Test func abandonedFoldersGoAndLiveOnesStay() throws {
        let parent = try scratch()
        defer { try? FileManager.default.removeItem(at: parent) }
        // A run that was killed: nobody holds a lock on its folder.
        let abandoned = parent.appendingPathComponent("lakes-automation-dead01")
        try FileManager.default.createDirectory(
            at: abandoned.appendingPathComponent("data"), withIntermediateDirectories: true)
        let unrelated = parent.appendingPathComponent("other-folder")
        try FileManager.default.createDirectory(at: unrelated, withIntermediateDirectories: true)

        let running = try ThrowawayHome.make(in: parent)
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect(FileManager.default.fileExists(atPath: unrelated.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).filter { $0.hasPrefix(".") }.isEmpty)

        // A second run keeps the first one's folder: its lock is held.
        let second = try ThrowawayHome.make(in: parent)
        #expect(FileManager.default.fileExists(atPath: running.directory.path))
        #expect(second.directory != running.directory)
    }

    @Test func aFolderThatCannotBeMadeIsAnError() {
        #expect(throws: ThrowawayHome.Failure.self) {
            try ThrowawayHome.make(in: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"))
        }
    }
}
