import Foundation
import TestSupport
import Testing

@testable import LakesApp

@MainActor
private func temporaryFolder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("lakes-added-\(UUID().uuidString)")
}

@MainActor
struct AddedLakeStoreTests {
    let geneva = URL(string: "https://en.wikipedia.org/wiki/Lake_Geneva")!
    let malawi = URL(string: "https://en.wikipedia.org/wiki/Lake_Malawi")!

    @Test func addedLakesSurviveARestartInTheOrderTheyWereAdded() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = AddedLakeStore(folder: folder)
        #expect(store.load() == .loaded)
        #expect(store.lakes.isEmpty)
        try store.add(geneva)
        try store.add(malawi, title: "Lake Malawi")
        try store.add(URL(string: geneva.absoluteString + "#History")!)  // no second entry for the same article
        try store.rename(geneva, to: "  Lake Geneva - Wikipedia ")

        let reopened = AddedLakeStore(folder: folder)
        #expect(reopened.load() == .loaded)
        #expect(reopened.lakes.map(\.url) == [geneva, malawi])
        #expect(reopened.lakes.map(\.title) == ["Lake Geneva - Wikipedia", "Lake Malawi"])
        #expect(reopened.lake(for: URL(string: "https://en.wikipedia.org/wiki/Lake_Malawi#Fish")) != nil)
    }

    @Test func theListIsReplacedWholeAndLeavesNoTemporaryFiles() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = AddedLakeStore(folder: folder)
        var changes = 0
        store.onChange.append { changes += 1 }
        try store.add(geneva)
        let first = try FileManager.default.attributesOfItem(atPath: store.file.path)[.systemFileNumber] as? Int
        try store.add(malawi)
        let second = try FileManager.default.attributesOfItem(atPath: store.file.path)[.systemFileNumber] as? Int
        #expect(first != nil && first != second, "a new file is renamed over the old one")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["lakes.json"])
        #expect(changes == 2)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: store.file)) as? [[String: Any]]
        #expect(json?.map { $0["url"] as? String } == [geneva.absoluteString, malawi.absoluteString])
    }

    @Test(arguments: ["{not json", "[{\"url\": 3}]", "\u{0}\u{1}binary"])
    func aCorruptListIsMovedAsideAndReported(_ content: String) throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = AddedLakeStore(folder: folder)
        try Data(content.utf8).write(to: store.file)

        guard case .corrupt(let aside, let reason) = store.load() else {
            Issue.record("the corrupt list was taken as valid")
            return
        }
        #expect(!reason.isEmpty)
        #expect(aside.lastPathComponent.hasPrefix("lakes.json.corrupt-"))
        #expect(try Data(contentsOf: aside) == Data(content.utf8), "the reader's file is kept as it was")
        #expect(!FileManager.default.fileExists(atPath: store.file.path))
        #expect(store.lakes.isEmpty)
        // Adding again starts a new list and leaves the old file alone.
        try store.add(geneva)
        #expect(AddedLakeStore(folder: folder).load() == .loaded)
        #expect(FileManager.default.fileExists(atPath: aside.path))
    }

    @Test func aListThatCannotBeReadIsMovedAsideWithWhatItHolds() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = AddedLakeStore(folder: folder)
        // A folder where the file should be: it exists, and it cannot be read as a file.
        try FileManager.default.createDirectory(at: store.file, withIntermediateDirectories: true)
        try Data("kept".utf8).write(to: store.file.appendingPathComponent("inside"))
        guard case .corrupt(let aside, _) = store.load() else {
            Issue.record("the unreadable list was taken for no list")
            return
        }
        #expect(try Data(contentsOf: aside.appendingPathComponent("inside")) == Data("kept".utf8))
        try store.add(geneva)
        #expect(AddedLakeStore(folder: folder).load() == .loaded)
    }

    @Test func entriesThatAreNotWebPagesAreDroppedWhenRead() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let json = """
            [{"url": "https://example.org/lake", "title": "Lake", "added": "2026-12-01T10:00:00Z"},
             {"url": "file:///etc/passwd", "title": "Not a lake", "added": "2026-12-01T10:00:00Z"},
             {"url": "https://example.org/lake", "title": "Twice", "added": "2026-12-01T10:00:00Z"}]
            """
        let store = AddedLakeStore(folder: folder)
        try Data(json.utf8).write(to: store.file)
        #expect(store.load() == .loaded)
        #expect(store.lakes.map(\.title) == ["Lake"])
    }

    /// Found by fuzzing (`fuzz/store-readers`): a date with a fraction of a second was read
    /// with it but saved without it, so the list saved after a read read back different.
    @Test func aDateWithAFractionOfASecondIsReadAsItIsSaved() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = AddedLakeStore(folder: folder)
        try Data(#"[{"url": "\#(geneva)", "title": "Geneva", "added": "2026-12-01T10:00:00.75Z"}]"#.utf8)
            .write(to: store.file)
        #expect(store.load() == .loaded)
        #expect(store.lakes.map(\.added) == [Date(timeIntervalSince1970: 1_796_119_200)])
        try store.add(malawi)
        let reopened = AddedLakeStore(folder: folder)
        #expect(reopened.load() == .loaded)
        #expect(reopened.lakes.first == store.lakes.first)
    }

    @Test func anOfflineCopyIsKeptPerArticleAndGoesWithIt() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = AddedLakeStore(folder: folder)
        try store.add(geneva)
        try store.add(malawi)
        #expect(store.offlineCopy(for: geneva) == nil)
        try store.saveOfflineCopy(Data("geneva archive".utf8), for: geneva)
        try store.saveOfflineCopy(Data("malawi archive".utf8), for: malawi)
        try store.saveOfflineCopy(Data("geneva, newer".utf8), for: URL(string: geneva.absoluteString + "#Fish")!)
        #expect(store.offlineCopy(for: geneva) == Data("geneva, newer".utf8))
        #expect(store.offlineCopyFile(for: geneva) != store.offlineCopyFile(for: malawi))
        #expect(store.offlineCopyFile(for: geneva).deletingLastPathComponent().lastPathComponent == "offline")

        try store.remove(geneva)
        #expect(store.offlineCopy(for: geneva) == nil)
        #expect(store.offlineCopy(for: malawi) == Data("malawi archive".utf8))
        #expect(AddedLakeStore(folder: folder).load() == .loaded)
        #expect(store.lakes.map(\.url) == [malawi])
    }

    @Test func theStoreLivesInTheUsersDataFolder() {
        let store = AddedLakeStore.standard(environment: ["HOME": "/home/ada", "XDG_DATA_HOME": "/data/ada"])
        #expect(store.file.path == "/data/ada/io.github.lakes.Lakes/lakes.json")
        let fallback = AddedLakeStore.standard(environment: ["HOME": "/home/ada"])
        #expect(fallback.file.path == "/home/ada/.local/share/io.github.lakes.Lakes/lakes.json")
    }
}

struct LakeAddressTests {
    @Test(arguments: [
        ("https://en.wikipedia.org/wiki/Lake_Geneva", "https://en.wikipedia.org/wiki/Lake_Geneva"),
        ("  http://127.0.0.1:8080/lake.html \n", "http://127.0.0.1:8080/lake.html"),
        ("en.wikipedia.org/wiki/Lake_Como", "https://en.wikipedia.org/wiki/Lake_Como"),
        ("localhost:8000/geneva", "https://localhost:8000/geneva"),
        ("HTTPS://Example.org/Lake", "HTTPS://Example.org/Lake"),
    ])
    func webAddressesAreTaken(_ typed: String, _ expected: String) throws {
        #expect(try LakeAddress.parse(typed).absoluteString == expected)
    }

    @Test(arguments: [
        ("", "Enter the address"),
        ("   ", "Enter the address"),
        ("ftp://example.org/lake", "not ftp addresses"),
        ("file:///etc/passwd", "not file addresses"),
        ("javascript:alert(1)", "not javascript addresses"),
        ("lakes://articles/tahoe", "not lakes addresses"),
        ("https://lake geneva", "no spaces"),
        ("https://lake\u{0600} geneva.org", "no spaces"),
        ("https://", "site name"),
        ("lake", "site name"),
        ("https://ada:secret@example.org/", "user name or password"),
    ])
    func anythingElseGetsAMessage(_ typed: String, _ message: String) {
        #expect {
            try LakeAddress.parse(typed)
        } throws: { error in
            String(describing: error).contains(message)
        }
    }
}
