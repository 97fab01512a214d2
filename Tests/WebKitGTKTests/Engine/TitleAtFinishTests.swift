import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

/// WebKit sends a document's title after its load's end; `finished` must find it in place.
@MainActor
@Suite(.serialized)
struct TitleAtFinishTests {
    /// The page's title as the `finished` of `sequence` found it.
    private func titleAtFinish(
        of page: WebPage, _ sequence: some AsyncSequence<WebPage.NavigationEvent, any Error>
    ) async throws -> String? {
        var title: String?
        for try await event in sequence where event == .finished { title = page.title }
        return title
    }

    @Test func titleIsFinalWhenHTMLFinishes() async throws {
        let page = WebPage()
        for round in 1...20 {
            let title = try await titleAtFinish(of: page, page.load(html: html(title: "Round \(round)")))
            #expect(title == "Round \(round)")
        }
    }

    @Test func titleIsFinalWhenHTTPFinishes() async throws {
        let server = try TestHTTPServer { request in .html(html(title: "Served \(request.path)")) }
        let page = WebPage()
        for round in 1...10 {
            let url = URL(string: "http://127.0.0.1:\(server.port)/\(round)")
            #expect(try await titleAtFinish(of: page, page.load(url)) == "Served /\(round)")
        }
    }

    @Test func reloadingTheSameTitleFindsItInPlace() async throws {
        let server = try TestHTTPServer { _ in .html(html(title: "Same")) }
        let page = WebPage()
        try await page.load(URL(string: "http://127.0.0.1:\(server.port)/")).finish()
        for _ in 1...5 {
            #expect(try await titleAtFinish(of: page, page.reload()) == "Same")
        }
    }

    @Test func aTitleSetByScriptBeforeTheLoadEndsIsTheOneReported() async throws {
        let page = WebPage()
        let source = html(
            title: "Parsed", body: "<script>addEventListener('load', () => document.title = 'Loaded')</script>")
        let title = try await titleAtFinish(of: page, page.load(html: source))
        #expect(title == "Loaded")
    }

    @Test func aDocumentWithoutTitleFinishesWithAnEmptyTitle() async throws {
        let page = WebPage()
        try await page.load(html: html(title: "Before")).finish()
        let title = try await titleAtFinish(of: page, page.load(html: "<!doctype html><p>No title here</p>"))
        #expect(title == "")
    }

    @Test func theIndefiniteSequenceSeesTheTitleAtFinishedToo() async throws {
        let page = WebPage()
        var listening = false
        let watcher = Task { @MainActor () -> String? in
            listening = true
            for try await event in page.navigations where event == .finished { return page.title }
            return nil
        }
        await until("the watcher listens") { listening }
        page.load(html: html(title: "Watched"))
        #expect(try await watcher.value == "Watched")
    }
}

extension AsyncSequence where Element == WebPage.NavigationEvent {
    /// Runs the sequence to its end.
    fileprivate func finish() async throws { for try await _ in self {} }
}
