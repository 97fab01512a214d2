import Foundation
import FoundationNetworking
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct WebPageNavigationTests {
    /// A server that answers every request with a page titled "Slow", after five seconds.
    private func slowServer() throws -> TestHTTPServer {
        try TestHTTPServer { _ in
            var response = TestHTTPServer.Response.html(html(title: "Slow"))
            response.delay = .seconds(5)
            return response
        }
    }

    @Test func htmlLoadYieldsStartedCommittedFinished() async throws {
        let page = WebPage()
        let result = await outcome(of: page.load(html: html(title: "Hello")))
        #expect(result.error == nil)
        #expect(result.events == [.startedProvisionalNavigation, .committed, .finished])
        await until("the title arrived") { page.title == "Hello" }
        #expect(page.url == URL(string: "about:blank"))
    }

    @Test func dataLoadUsesItsMimeTypeAndBaseURL() async throws {
        let page = WebPage()
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title>Dot</title></svg>"#
        let base = URL(string: "https://lakes.example/dot.svg")!
        let result = await outcome(of: page.load(Data(svg.utf8), mimeType: "image/svg+xml", baseURL: base))
        #expect(result.events == [.startedProvisionalNavigation, .committed, .finished])
        #expect(page.url == base)
    }

    @Test func redirectYieldsReceivedServerRedirect() async throws {
        let server = try TestHTTPServer { request in
            request.path == "/old" ? .redirect(to: "/new") : .html(html(title: "New"))
        }
        let page = WebPage()
        let result = await outcome(of: page.load(server.url("/old")))
        #expect(result.error == nil)
        #expect(result.events == [.startedProvisionalNavigation, .receivedServerRedirect, .committed, .finished])
        #expect(page.url == server.url("/new"))
        #expect(page.backForwardList.currentItem?.initialURL == server.url("/old"))
    }

    @Test func requestHeadersReachTheServer() async throws {
        let server = try TestHTTPServer { _ in .html(html(title: "Headers")) }
        let page = WebPage()
        var request = URLRequest(url: server.url("/with-headers"))
        request.setValue("lakes-test", forHTTPHeaderField: "X-Lakes-Test")
        let result = await outcome(of: page.load(request))
        #expect(result.error == nil)
        #expect(server.requests.first?.headers["x-lakes-test"] == "lakes-test")
    }

    @Test func refusedConnectionFailsProvisionallyWithNoFinished() async throws {
        let page = WebPage()
        let result = await outcome(of: page.load(URL(string: "http://127.0.0.1:\(try closedPort())/")))
        #expect(result.events == [.startedProvisionalNavigation])
        let error = try #require(result.navigationError)
        #expect(error.isFailedProvisionalNavigation)
        #expect(page.currentNavigationEvent?.error != nil)
    }

    @Test func stopLoadingEndsTheSequence() async throws {
        let server = try slowServer()
        let page = WebPage()
        let sequence = page.load(server.url("/slow"))
        await until("the request reached the server") { !server.requests.isEmpty }
        page.stopLoading()
        let result = await outcome(of: sequence)
        #expect(result.error == nil)
        #expect(!result.events.contains(.finished))
    }

    @Test func aNewerLoadEndsTheSupersededSequence() async throws {
        let server = try slowServer()
        let page = WebPage()
        let first = page.load(server.url("/slow"))
        await until("the request reached the server") { !server.requests.isEmpty }
        let second = page.load(html: html(title: "Second"))
        let firstResult = await outcome(of: first)
        let secondResult = await outcome(of: second)
        #expect(firstResult.error == nil)
        #expect(!firstResult.events.contains(.finished))
        #expect(secondResult.error == nil)
        #expect(secondResult.events == [.startedProvisionalNavigation, .committed, .finished])
        await until("the second page's title") { page.title == "Second" }
    }

    @Test func cancellingTheIteratingTaskStopsTheLoad() async throws {
        let server = try slowServer()
        let page = WebPage()
        let sequence = page.load(server.url("/slow"))
        let task = Task { await outcome(of: sequence) }
        await until("the load started") { page.isLoading && !server.requests.isEmpty }
        task.cancel()
        _ = await task.value
        await until("the engine stopped loading") { !page.isLoading }
        #expect(page.title != "Slow")
    }

    @Test func loadingNilThrowsInvalidURL() async throws {
        let page = WebPage()
        let result = await outcome(of: page.load(nil as URL?))
        #expect(result.events.isEmpty)
        guard case .invalidURL = try #require(result.navigationError) else {
            Issue.record("expected invalidURL, got \(String(describing: result.error))")
            return
        }
        let relative = await outcome(of: page.load(URL(string: "just/a/path")))
        guard case .invalidURL = try #require(relative.navigationError) else {
            Issue.record("expected invalidURL for a relative URL")
            return
        }
    }

    @Test func aPostRequestIsRefusedWithAClearError() async throws {
        let page = WebPage()
        var request = URLRequest(url: URL(string: "http://127.0.0.1:9/form")!)
        request.httpMethod = "POST"
        request.httpBody = Data("a=1".utf8)
        let result = await outcome(of: page.load(request))
        guard case .failedProvisionalNavigation(let underlying) = try #require(result.navigationError) else {
            Issue.record("expected failedProvisionalNavigation")
            return
        }
        #expect(underlying is UnsupportedRequestError)
    }

    @Test func loadsAfterCloseThrowPageClosed() async throws {
        let page = WebPage()
        page.close()
        for sequence in [page.load(html: "<p>late"), page.load(URL(string: "about:blank"))]
            as [any AsyncSequence<WebPage.NavigationEvent, any Error>]
        {
            let result = await outcome(of: sequence)
            guard case .pageClosed = try #require(result.navigationError) else {
                Issue.record("expected pageClosed, got \(String(describing: result.error))")
                return
            }
        }
        #expect(page.isClosed)
    }

    @Test func closingDuringALoadThrowsPageClosed() async throws {
        let server = try slowServer()
        let page = WebPage()
        let sequence = page.load(server.url("/slow"))
        await until("the request reached the server") { !server.requests.isEmpty }
        page.close()
        let result = await outcome(of: sequence)
        guard case .pageClosed = try #require(result.navigationError) else {
            Issue.record("expected pageClosed, got \(String(describing: result.error))")
            return
        }
    }

    /// A `goBack()` straight after two loads goes back: what it goes to is read from the
    /// engine when it is called.
    @Test func goingBackRightAfterALoadGoesBack() async throws {
        let server = try TestHTTPServer { request in .html(html(title: String(request.path.dropFirst()))) }
        for round in 0..<5 {
            let page = WebPage()
            let a = server.url("/a\(round)")
            let b = server.url("/b\(round)")
            for try await _ in page.load(a) {}
            for try await _ in page.load(b) {}
            let back = await outcome(of: page.goBack())
            #expect(back.error == nil)
            #expect(back.events.last == .finished)
            #expect(page.url == a)
            for try await _ in page.load(b) {}
            let item = try #require(page.backForwardList.backList.last)
            let again = await outcome(of: page.load(item))
            #expect(again.events.last == .finished)
            #expect(page.url == a)
        }
    }
}
