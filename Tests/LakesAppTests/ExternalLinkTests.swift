import Foundation
import TestSupport
import Testing
import WebKitGTK
import WebKitGTKTesting

@testable import LakesApp

/// A throwaway home whose default browser is a script that records its arguments.
final class RecordingBrowser {
    let home: URL
    let record: URL
    var environment: [String: String] {
        [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path, "BROWSER": script.path,
            "XDG_CURRENT_DESKTOP": "", "DE": "generic",
        ]
    }
    private var script: URL { home.appendingPathComponent("bin/record-browser") }
    /// An opener that hands URLs straight to the recording script, without `xdg-open`.
    var opener: ExternalOpener { ExternalOpener(program: script.path) }

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-home-\(UUID().uuidString)")
        record = home.appendingPathComponent("opened.txt")
        let fm = FileManager.default
        for folder in ["bin", ".config", ".local/share/applications"] {
            try fm.createDirectory(at: home.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(record.path)'\n".write(
            to: script, atomically: true, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        try """
        [Desktop Entry]
        Type=Application
        Name=Recording Browser
        Exec=\(script.path) %u
        MimeType=x-scheme-handler/http;x-scheme-handler/https;x-scheme-handler/mailto;
        """.write(
            to: home.appendingPathComponent(".local/share/applications/record-browser.desktop"), atomically: true,
            encoding: .utf8)
        try """
        [Default Applications]
        x-scheme-handler/http=record-browser.desktop
        x-scheme-handler/https=record-browser.desktop
        x-scheme-handler/mailto=record-browser.desktop
        """.write(to: home.appendingPathComponent(".config/mimeapps.list"), atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(at: home) }

    /// The URLs the browser was started with, one per line.
    var opened: [String] {
        ((try? String(contentsOf: record, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}

@MainActor
@Suite(.serialized)
struct ExternalLinkTests {
    private func page(_ browser: RecordingBrowser) -> (WebPage, LakesNavigationDecider) {
        var configuration = WebPage.Configuration()
        configuration.urlSchemeHandlers[URLScheme("lakes")!] = ArticleCatalog.handler(for: repositoryData)
        let decider = LakesNavigationDecider(opener: ExternalOpener(environment: browser.environment))
        decider.log = { _ in }
        let page = WebPage(configuration: configuration, navigationDecider: decider)
        decider.page = page
        return (page, decider)
    }

    @Test func aClickedWebLinkReachesTheRealXdgOpenAndTheArticleStays() async throws {
        let browser = try RecordingBrowser()
        let (page, decider) = page(browser)
        let article = URL(string: "lakes://articles/tahoe")!
        decider.willLoad(article)
        for try await _ in page.load(article) {}
        let link = try await page.evaluateForTesting(
            "const a = [...document.links].find(l => l.protocol === 'https:'); a.click(); return a.href")
        let href = try #require(link).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        await until("the browser was started") { !browser.opened.isEmpty }
        #expect(browser.opened == [href])
        #expect(page.url == article)
    }

    @Test(arguments: [
        "file:///etc/passwd", "javascript:document.title='owned'", "data:text/html,<p>x", "x-unknown:payload",
        "ftp://example.org/",
    ])
    func refusedSchemesSpawnNothing(_ hostile: String) async throws {
        let browser = try RecordingBrowser()
        let (page, decider) = page(browser)
        var warnings: [String] = []
        decider.log = { warnings.append($0) }
        let article = URL(string: "lakes://articles/baikal")!
        decider.willLoad(article)
        for try await _ in page.load(article) {}
        _ = try await page.evaluateForTesting(
            "const a = document.createElement('a'); a.href = \(String(reflecting: hostile)); document.body.append(a); a.click()"
        )
        await never("the link reaches the browser or leaves the article", within: .milliseconds(300)) {
            !browser.opened.isEmpty || page.url != article
        }
        #expect(browser.opened.isEmpty)
        #expect(page.url == article)
        #expect(page.title == "Lake Baikal")
        // WebKit itself stops file: links from other origins, and the articles' content
        // security policy stops javascript: links; the others reach the decider, which logs them.
        if !hostile.hasPrefix("javascript:") && !hostile.hasPrefix("file:") {
            #expect(warnings.contains { $0.contains("refused") }, "no warning for \(hostile)")
        }
    }
}
