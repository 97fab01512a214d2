import Foundation
import TestSupport
import Testing
import WebKitGTK
import WebKitGTKTesting

@testable import LakesApp

private func temporaryStore() -> SightingStore {
    SightingStore(
        file: FileManager.default.temporaryDirectory.appendingPathComponent("lakes-sightings-\(UUID().uuidString)")
            .appendingPathComponent("sightings.json"))
}

struct SightingStoreTests {
    let lakes: Set<String> = ["tahoe", "baikal"]

    @Test func aValidSightingIsSavedAndSurvivesARestart() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.file.deletingLastPathComponent()) }
        let saved = try store.save(
            fields: ["name": " Ada ", "email": "ada@example.org", "lake": "baikal", "note": "Ice like glass"],
            lakes: lakes,
            now: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(saved.name == "Ada")
        let reopened = SightingStore(file: store.file)
        #expect(try reopened.all() == [saved])
        _ = try reopened.save(
            fields: ["name": "Bo", "email": "bo@lakes.test", "lake": "tahoe", "note": ""], lakes: lakes)
        #expect(try SightingStore(file: store.file).all().map(\.name) == ["Ada", "Bo"])
    }

    @Test(
        arguments: [
            (["name": "", "email": "a@b.org", "lake": "tahoe"], "name"),
            (["name": "Ada", "email": "not-an-email", "lake": "tahoe"], "email"),
            (["name": "Ada", "email": "ada@", "lake": "tahoe"], "email"),
            (["name": "Ada", "email": "ada@localhost", "lake": "tahoe"], "email"),
            (["name": "Ada", "email": "a b@c.org", "lake": "tahoe"], "email"),
            (["name": "Ada", "email": "ada@example.org", "lake": "atlantis"], "lake"),
            (
                [
                    "name": "Ada", "email": "ada@example.org", "lake": "tahoe",
                    "note": String(repeating: "x", count: 2001),
                ], "note"
            ),
        ] as [([String: String], String)])
    func anInvalidFormIsRefusedNamingTheField(_ fields: [String: String], _ field: String) throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.file.deletingLastPathComponent()) }
        let refusal = #expect(throws: SightingStore.Refusal.self) { try store.save(fields: fields, lakes: lakes) }
        #expect(refusal?.field == field)
        #expect(!FileManager.default.fileExists(atPath: store.file.path))
    }

    /// Found by fuzzing (`fuzz/store-readers`): a date with a fraction of a second was read
    /// with it but saved without it, so the sightings changed when another was saved.
    @Test func aDateWithAFractionOfASecondIsReadAsItIsSaved() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.file.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(
            at: store.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let json = #"""
            [{"name": "Ada", "email": "ada@example.org", "lake": "baikal", "note": "",
              "date": "2026-12-01T10:00:00.75Z"}]
            """#
        try Data(json.utf8).write(to: store.file)
        let read = try store.all()
        #expect(read.map(\.date) == [Date(timeIntervalSince1970: 1_796_119_200)])
        _ = try store.save(fields: ["name": "Bo", "email": "bo@lakes.test", "lake": "tahoe", "note": ""], lakes: lakes)
        #expect(try store.all().first == read.first)
    }

    @Test func anUnreadableFileIsNeverOverwritten() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.file.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(
            at: store.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{ half a file".utf8).write(to: store.file)
        #expect(throws: (any Error).self) {
            try store.save(fields: ["name": "Ada", "email": "ada@example.org", "lake": "tahoe"], lakes: lakes)
        }
        #expect(try Data(contentsOf: store.file) == Data("{ half a file".utf8))
    }

    @Test func theStandardStoreLivesInTheXDGDataFolder() {
        let store = SightingStore.standard(environment: ["HOME": "/home/ada", "XDG_DATA_HOME": "/data"])
        #expect(store.file.path == "/data/io.github.lakes.Lakes/sightings.json")
        let fallback = SightingStore.standard(environment: ["HOME": "/home/ada"])
        #expect(fallback.file.path == "/home/ada/.local/share/io.github.lakes.Lakes/sightings.json")
    }
}

/// The bundled form, end to end: the page, the handler, the store, the page again.
@MainActor
@Suite(.serialized)
struct SightingFormTests {
    private func page(store: SightingStore, automated: Bool = false) throws -> WebPage {
        let catalog = try ArticleCatalog(contentDirectory: repositoryData)
        var configuration = WebPage.Configuration()
        configuration.isControlledByAutomation = automated
        configuration.urlSchemeHandlers[URLScheme("lakes")!] = ArticleCatalog.handler(for: repositoryData)
        let box = PageBox()
        SightingForm.install(
            in: configuration.userContentController, store: store, catalog: catalog, page: { box.page })
        let page = WebPage(configuration: configuration)
        box.page = page
        return page
    }

    @MainActor
    final class PageBox {
        weak var page: WebPage?
    }

    private func fill(_ page: WebPage, name: String, email: String, lake: String, note: String) async throws {
        try await page.callJavaScript(
            """
            const form = document.getElementById('sighting');
            form.name.value = name; form.email.value = email; form.lake.value = lake; form.note.value = note;
            document.getElementById('save').click();
            """, arguments: ["name": name, "email": email, "lake": lake, "note": note])
    }

    private func text(_ page: WebPage, _ id: String) async throws -> String {
        try await page.callJavaScript("return document.getElementById(id).textContent", arguments: ["id": id])
            as? String ?? ""
    }

    /// Also in a page that a WebDriver client drives (`lakes --automation`).
    @Test(arguments: [false, true])
    func aSightingIsSavedAndShownAndABadEmailIsExplained(automated: Bool) async throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.file.deletingLastPathComponent()) }
        let page = try page(store: store, automated: automated)
        for try await _ in page.load(SightingForm.url) {}

        try await fill(page, name: "Ada", email: "ada@nowhere", lake: "titicaca", note: "Reed boats")
        await until("the error is shown") {
            await (try? self.text(page, "status"))?.contains("valid email") == true
        }
        #expect(try store.all().isEmpty)
        #expect(
            try await page.callJavaScript("return document.getElementById('email').getAttribute('aria-invalid')")
                as? String == "true")

        try await fill(page, name: "Ada", email: "ada@example.org", lake: "titicaca", note: "Reed boats")
        await until("the sighting is listed") {
            await (try? self.text(page, "sightings"))?.contains("Lake Titicaca") == true
        }
        #expect(try await text(page, "status") == "Saved. Thank you!")
        #expect(try store.all().map(\.lake) == ["titicaca"])

        // After a restart, a new page lists what was saved.
        let again = try self.page(store: SightingStore(file: store.file))
        for try await _ in again.load(SightingForm.url) {}
        await until("the saved sighting is listed") {
            await (try? self.text(again, "sightings"))?.contains("Reed boats") == true
        }
    }
}
