import Foundation
import TestSupport
import Testing

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct WebArchiveTests {
    @Test func anArchiveShowsThePageWithItsStyleWhenTheSiteIsGone() async throws {
        var server: TestHTTPServer? = try TestHTTPServer { request in
            if request.path == "/lake.css" {
                return TestHTTPServer.Response(
                    headers: ["Content-Type": "text/css"], body: Data("p { color: rgb(10, 120, 60); }".utf8))
            }
            return .html(#"<title>Lake Como</title><link rel="stylesheet" href="lake.css"><p>Villas.</p>"#)
        }
        let url = try #require(server?.url("/como.html"))
        let page = WebPage()
        let loaded = await outcome(of: page.load(url))
        #expect(loaded.error == nil)
        let archive = try await page.webArchiveData()
        let text = String(decoding: archive, as: UTF8.self)
        #expect(text.contains("multipart/related"))
        #expect(text.contains("Content-Location: \(url.absoluteString)"))

        server = nil
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lakes-archive-\(UUID().uuidString).mht")
        defer { try? FileManager.default.removeItem(at: file) }
        try archive.write(to: file)
        let offline = WebPage()
        let shown = await outcome(of: offline.load(file))
        #expect(shown.error == nil)
        #expect(offline.title == "Lake Como")
        let color = try await offline.callJavaScript(
            "return getComputedStyle(document.querySelector('p')).color", as: String.self)
        #expect(color == "rgb(10, 120, 60)")
    }

    @Test func aClosedPageHasNoArchive() async throws {
        let page = WebPage()
        _ = await outcome(of: page.load(html: "<p>gone"))
        page.close()
        await #expect {
            try await page.webArchiveData()
        } throws: { error in
            if case .pageClosed = error as? WebPage.NavigationError { true } else { false }
        }
    }
}
