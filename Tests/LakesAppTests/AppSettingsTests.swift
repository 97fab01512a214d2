import Foundation
import TestSupport
import Testing

@testable import LakesApp

/// The source tree's `data` folder, which holds the schema.
private let dataFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("data")

/// Compiles Lakes' GSettings schema into a new folder, as meson and `scripts/build-resources` do.
func compiledSchemaFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-schemas-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let compiler = Process()
    compiler.executableURL = URL(fileURLWithPath: "/usr/bin/glib-compile-schemas")
    compiler.arguments = ["--strict", "--targetdir=\(folder.path)", dataFolder.path]
    try compiler.run()
    compiler.waitUntilExit()
    #expect(compiler.terminationStatus == 0)
    return folder
}

@MainActor
@Suite(.serialized)
struct AppSettingsTests {
    @Test func whatIsSetIsReadBackByTheNextRun() throws {
        let schemas = try compiledSchemaFolder()
        let keyFile = schemas.appendingPathComponent("settings/keyfile")
        defer { try? FileManager.default.removeItem(at: schemas) }

        let settings = AppSettings.from(schemaFolder: schemas, keyFile: keyFile)
        #expect(settings.isPersistent)
        #expect(settings.windowWidth == 1100)
        #expect(settings.zoom == 1)
        #expect(settings.lastArticle == "")
        settings.windowWidth = 1234
        settings.windowHeight = 777
        settings.isWindowMaximized = true
        settings.sidebarWidth = 310
        settings.lastArticle = "https://en.wikipedia.org/wiki/Lake_Geneva"
        settings.zoom = 1.25
        settings.sync()

        let keyFileText = try String(contentsOf: keyFile, encoding: .utf8)
        #expect(keyFileText.contains("window-width=1234"))
        let next = AppSettings.from(schemaFolder: schemas, keyFile: keyFile)
        #expect(next.windowWidth == 1234)
        #expect(next.windowHeight == 777)
        #expect(next.isWindowMaximized)
        #expect(next.sidebarWidth == 310)
        #expect(next.lastArticle == "https://en.wikipedia.org/wiki/Lake_Geneva")
        #expect(next.zoom == 1.25)
    }

    @Test func valuesOutsideTheSchemasRangesAreKeptInside() throws {
        let schemas = try compiledSchemaFolder()
        defer { try? FileManager.default.removeItem(at: schemas) }
        let settings = AppSettings.from(schemaFolder: schemas, keyFile: nil)
        settings.sidebarWidth = 5000
        settings.zoom = 40
        #expect(settings.sidebarWidth == 600)
        #expect(settings.zoom == 3)
        settings.zoom = .nan
        #expect(settings.zoom == 1)
        settings.windowWidth = -3
        #expect(settings.windowWidth == 360)
    }

    @Test func withoutTheSchemaTheValuesLastForTheRun() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lakes-no-schema-\(UUID().uuidString)")
        let settings = AppSettings.from(schemaFolder: empty, keyFile: nil)
        #expect(!settings.isPersistent)
        #expect(settings.windowHeight == 760)
        settings.lastArticle = "baikal"
        settings.zoom = 2
        #expect(settings.lastArticle == "baikal")
        #expect(settings.zoom == 2)
    }
}

/// The translations: every catalog is complete and loads, and the interface speaks it.
@MainActor
@Suite(.serialized)
struct LocalizationTests {
    private var executable: URL { URL(fileURLWithPath: CommandLine.arguments[0]) }

    @Test(arguments: [("es", "Recargar"), ("fr", "Recharger"), ("ja", "再読み込み")])
    func eachCatalogLoadsAndTranslatesTheInterface(_ language: String, _ reload: String) throws {
        let folder = try #require(
            Localization.localeFolder(environment: [:], executable: executable),
            "the catalogs are compiled beside the build (scripts/build-resources)")
        #expect(
            FileManager.default.fileExists(
                atPath: folder.appendingPathComponent("\(language)/LC_MESSAGES/lakes.mo").path))
        setenv("LANGUAGE", language, 1)
        defer {
            unsetenv("LANGUAGE")
            Localization.setUp(environment: ProcessInfo.processInfo.environment, executable: executable)
        }
        Localization.setUp(environment: ProcessInfo.processInfo.environment, executable: executable)
        #expect(localized("Reload") == reload)
        #expect(localized("Add a Lake") != "Add a Lake")
        // Placeholders survive translation.
        #expect(localized("Offline copy · %@").contains("%@"))
        #expect(String(format: localized("Offline copy · %@"), "example.org").contains("example.org"))
    }

    @Test func everyStringIsTranslatedInEveryCatalog() throws {
        let po = dataFolder.deletingLastPathComponent().appendingPathComponent("po")
        let languages = try String(contentsOf: po.appendingPathComponent("LINGUAS"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        #expect(languages == ["es", "fr", "ja"])
        for language in languages {
            let check = Process()
            check.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
            check.arguments = [
                "--check", "--statistics", "-o", "/dev/null", po.appendingPathComponent("\(language).po").path,
            ]
            let report = Pipe()
            check.standardError = report
            try check.run()
            let text = String(decoding: report.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            check.waitUntilExit()
            #expect(check.terminationStatus == 0, "\(language): \(text)")
            #expect(!text.contains("untranslated") && !text.contains("fuzzy"), "\(language): \(text)")
        }
    }

    @Test func untranslatedTextStaysAsItIs() {
        #expect(localized("A sentence no catalog has") == "A sentence no catalog has")
    }
}
