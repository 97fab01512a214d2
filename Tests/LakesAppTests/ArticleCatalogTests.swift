import Foundation
import TestSupport
import Testing

@testable import LakesApp

/// The repository's `data/` folder, found from this source file.
let repositoryData = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("data")

struct ArticleCatalogTests {
    @Test func theBundledCatalogListsAtLeastSixLakes() throws {
        let catalog = try ArticleCatalog(contentDirectory: repositoryData)
        #expect(catalog.articles.count >= 6)
        for slug in ["tahoe", "baikal", "titicaca", "superior", "victoria", "crater"] {
            #expect(catalog.articles.contains { $0.slug == slug }, "\(slug) is missing")
        }
    }

    /// Each article is a real one: its title, six or more sections with unique ids, the
    /// shared stylesheet, and illustrations that exist.
    @Test(arguments: try ArticleCatalog(contentDirectory: repositoryData).articles)
    func everyBundledArticleIsComplete(_ article: Article) throws {
        let folder = repositoryData.appendingPathComponent("articles")
        let html = try String(contentsOf: folder.appendingPathComponent("\(article.slug).html"), encoding: .utf8)
        #expect(html.contains("<title>\(article.title)</title>"))
        #expect(html.contains(#"<link rel="stylesheet" href="style.css">"#))
        let ids = html.matches(of: /<h2 id="([a-z0-9-]+)"/).map { String($0.1) }
        #expect(ids.count >= 6, "\(article.slug) has \(ids.count) sections")
        #expect(Set(ids).count == ids.count, "\(article.slug) repeats a section id")
        let images = html.matches(of: /<img src="([^"]+)"/).map { String($0.1) }
        #expect(!images.isEmpty)
        for image in images {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(image).path), "\(image)")
        }
        #expect(!html.contains("<script"), "bundled articles carry no script")
    }

    @Test func anArticleURLIsItsLakesAddress() throws {
        let catalog = try ArticleCatalog(contentDirectory: repositoryData)
        let tahoe = try #require(catalog.articles.first { $0.slug == "tahoe" })
        #expect(tahoe.url == URL(string: "lakes://articles/tahoe"))
        #expect(catalog.article(for: URL(string: "lakes://articles/tahoe#geography")) == tahoe)
        #expect(catalog.article(for: URL(string: "lakes://articles/tahoe.html")) == tahoe)
        #expect(catalog.article(for: URL(string: "lakes://images/tahoe")) == nil)
        #expect(catalog.article(for: URL(string: "https://example.org/tahoe")) == nil)
        #expect(catalog.article(for: nil) == nil)
    }

    @Test(arguments: [
        ("not JSON", "{"), ("not a list", #"{"slug": "x"}"#), ("missing fields", #"[{"slug": "x"}]"#),
        ("bad slug", #"[{"slug": "../x", "title": "X", "summary": "", "location": ""}]"#),
        ("empty slug", #"[{"slug": "", "title": "X", "summary": "", "location": ""}]"#),
        ("capital in slug", #"[{"slug": "Tahoe", "title": "X", "summary": "", "location": ""}]"#),
        ("space in slug", #"[{"slug": "lake tahoe", "title": "X", "summary": "", "location": ""}]"#),
        ("accent in slug", #"[{"slug": "titicacá", "title": "X", "summary": "", "location": ""}]"#),
        (
            "repeated slug",
            #"[{"slug": "x", "title": "X", "summary": "", "location": ""}, {"slug": "x", "title": "Y", "summary": "", "location": ""}]"#
        ),
    ])
    func aBrokenCatalogIsAClearError(_ name: String, _ json: String) {
        #expect(throws: ArticleCatalog.LoadError.self, "\(name)") { try ArticleCatalog(json: Data(json.utf8)) }
    }

    @Test func slugsAreLowercaseLettersDigitsAndHyphens() throws {
        let json = #"[{"slug": "lake-2-b", "title": "X", "summary": "", "location": ""}]"#
        #expect(try ArticleCatalog(json: Data(json.utf8)).articles.map(\.slug) == ["lake-2-b"])
    }

    @Test func contentIsFoundFromTheEnvironmentOrBesideTheBinary() throws {
        #expect(ContentLocation.find(environment: ["LAKES_DATA_DIR": repositoryData.path]) == repositoryData)
        #expect(ContentLocation.find(environment: ["LAKES_DATA_DIR": "/nonexistent"]) == nil)
        // A development build: .build/<triple>/debug/lakes finds the source tree's data/.
        let binary = repositoryData.deletingLastPathComponent().appendingPathComponent(".build/debug/lakes")
        #expect(ContentLocation.find(environment: [:], executable: binary) == repositoryData.standardizedFileURL)
        // An installed layout: <prefix>/bin/lakes finds <prefix>/share/lakes.
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let share = prefix.appendingPathComponent("share/lakes/articles")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: share.appendingPathComponent("articles.json"))
        let installed = ContentLocation.find(environment: [:], executable: prefix.appendingPathComponent("bin/lakes"))
        #expect(installed?.path == prefix.appendingPathComponent("share/lakes").standardizedFileURL.path)
    }
}
