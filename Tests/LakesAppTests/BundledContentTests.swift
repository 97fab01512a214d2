import Foundation
import TestSupport
import Testing
import WebKitGTK

@testable import LakesApp

/// The bundled articles as the app shows them: through lakes:// in a real page.
@MainActor
@Suite(.serialized)
struct BundledContentTests {
    private func page() -> WebPage {
        var configuration = WebPage.Configuration()
        configuration.urlSchemeHandlers[URLScheme("lakes")!] = ArticleCatalog.handler(for: repositoryData)
        return WebPage(configuration: configuration)
    }

    @Test(arguments: try ArticleCatalog(contentDirectory: repositoryData).articles)
    func anArticleLoadsWithItsStylesheetAndIllustrations(_ article: Article) async throws {
        let page = page()
        var events: [WebPage.NavigationEvent] = []
        for try await event in page.load(article.url) { events.append(event) }
        #expect(events.last == .finished)
        let report = try await page.evaluateForTesting(
            """
            await Promise.all([...document.images].map(i => i.decode().catch(() => null)));
            return {
                title: document.title,
                sections: document.querySelectorAll('h2[id]').length,
                styled: getComputedStyle(document.querySelector('dl.facts')).display,
                images: [...document.images].every(i => i.naturalWidth > 0),
            };
            """)
        let json = try #require(report)
        #expect(json.contains("\"title\":\"\(article.title)\""))
        #expect(json.contains("\"images\":true"))
        #expect(!json.contains("\"styled\":\"block\""), "the facts box should be laid out by style.css")
        #expect(!json.contains("\"sections\":0"))
    }

    @Test func anArticlesSectionsAreReadFromThePageInOrder() async throws {
        let page = page()
        for try await _ in page.load(URL(string: "lakes://articles/superior")) {}
        let sections = try await ArticleSection.read(from: page)
        let html = try String(
            contentsOf: repositoryData.appendingPathComponent("articles/superior.html"), encoding: .utf8)
        let ids = html.matches(of: /<h[23] id="([a-z0-9-]+)"/).map { String($0.1) }
        #expect(sections.map(\.id) == ids)
        #expect(sections.filter { $0.level == 2 }.count >= 6)
        #expect(sections.allSatisfy { !$0.title.isEmpty && !$0.title.contains("  ") })
        // The page's own script cannot change what the app reads: it runs in another world.
        try await page.callJavaScript("Array.prototype.map = () => []; document.querySelectorAll = () => []")
        #expect(try await ArticleSection.read(from: page) == sections)
    }

    @Test func statusHeadersAndRangesReachThePage() async throws {
        let page = page()
        for try await _ in page.load(URL(string: "lakes://articles/tahoe")) {}
        let report = try await page.evaluateForTesting(
            """
            const whole = await fetch('style.css');
            const part = await fetch('style.css', { headers: { Range: 'bytes=0-9' } });
            const outside = await fetch('style.css', { headers: { Range: 'bytes=99999999-' } });
            const missing = await fetch('images/none.svg');
            return [whole.status, whole.headers.get('Content-Type'), whole.headers.get('Accept-Ranges'),
                    part.status, (await part.text()).length, part.headers.get('Content-Range'),
                    outside.status, missing.status];
            """)
        let values = try JSONSerialization.jsonObject(with: Data(try #require(report).utf8)) as? [Any]
        let size =
            try FileManager.default.attributesOfItem(
                atPath: repositoryData.appendingPathComponent("articles/style.css").path)[.size] as? Int ?? 0
        #expect(values?[0] as? Int == 200)
        #expect(values?[1] as? String == "text/css; charset=utf-8")
        #expect(values?[2] as? String == "bytes")
        #expect(values?[3] as? Int == 206)
        #expect(values?[4] as? Int == 10)
        #expect(values?[5] as? String == "bytes 0-9/\(size)")
        #expect(values?[6] as? Int == 416)
        #expect(values?[7] as? Int == 404)
    }

    @Test func aMissingArticleIsA404Page() async throws {
        let page = page()
        let status = try await {
            var events: [WebPage.NavigationEvent] = []
            for try await event in page.load(URL(string: "lakes://articles/atlantis")) { events.append(event) }
            return events
        }()
        #expect(status.last == .finished)
        let text = try await page.evaluateForTesting("return document.body.innerText")
        #expect(text?.contains("404") == true)
    }
}
