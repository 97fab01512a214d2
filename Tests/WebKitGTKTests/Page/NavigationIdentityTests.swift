import Foundation
import FoundationNetworking
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

/// What a second face over the engine relies on: each load's sequence names its navigation,
/// every load has a form that returns it, and observers see each update and the end of the
/// web content process synchronously.
@MainActor
@Suite(.serialized)
struct NavigationIdentityTests {
    /// Loads `events` to their end, with the ids of the updates published meanwhile.
    private func run(_ events: NavigationEvents, on page: WebPage) async -> (Outcome, [WebPage.NavigationID]) {
        var ids: [WebPage.NavigationID] = []
        let observer = page.observeNavigationUpdates { ids.append($0.navigationID) }
        defer { page.removeNavigationUpdateObserver(observer) }
        return (await outcome(of: events), ids)
    }

    @Test func everyLoadsSequenceNamesTheNavigationItsUpdatesName() async throws {
        let server = try TestHTTPServer { request in .html(html(title: String(request.path.dropFirst()))) }
        let page = WebPage()
        let starts: [(String, () -> NavigationEvents)] = [
            ("url", { page.startLoad(server.url("/one")) }),
            ("request", { page.startLoad(URLRequest(url: server.url("/two"))) }),
            ("html", { page.startLoad(html: html(title: "Three"), baseURL: server.url("/three")) }),
            (
                "data",
                { page.startLoad(Data("4".utf8), mimeType: "text/plain", characterEncoding: .ascii, baseURL: nil) }
            ),
            (
                "simulated HTML",
                { page.startLoad(simulatedRequest: URLRequest(url: server.url("/5")), responseHTML: "5") }
            ),
            (
                "simulated response",
                {
                    page.startLoad(
                        simulatedRequest: URLRequest(url: server.url("/six")),
                        response: URLResponse(
                            url: server.url("/six"), mimeType: "text/html", expectedContentLength: 1,
                            textEncodingName: nil),
                        responseData: Data("6".utf8))
                }
            ),
            ("url again", { page.startLoad(server.url("/seven")) }),
            ("back", { page.startGoing(back: true) }),
            ("forward", { page.startGoing(back: false) }),
            ("item", { page.startLoad(page.backForwardList.backList.last!) }),
            ("reload", { page.startReload(fromOrigin: false) }),
            ("reload from origin", { page.startReload(fromOrigin: true) }),
        ]
        var seen: Set<WebPage.NavigationID> = []
        for (name, start) in starts {
            let events = start()
            let id = try #require(events.navigationID, "\(name)")
            let (result, ids) = await run(events, on: page)
            #expect(result.error == nil, "\(name)")
            #expect(result.events.last == .finished, "\(name)")
            #expect(!ids.isEmpty && ids.allSatisfy { $0 == id }, "\(name): \(ids) for \(id)")
            #expect(!seen.contains(id), "\(name) reused \(id)")
            seen.insert(id)
        }
    }

    /// A load refused before it reaches the engine has no navigation, and publishes nothing.
    @Test func aLoadRefusedBeforeTheEngineHasNoIdentity() async throws {
        let page = WebPage()
        var updates = 0
        page.observeNavigationUpdates { _ in updates += 1 }
        var post = URLRequest(url: URL(string: "http://127.0.0.1:1/")!)
        post.httpMethod = "POST"
        for events in [page.startLoad(nil as URL?), page.startLoad(post), page.startGoing(back: true)] {
            #expect(events.navigationID == nil)
            _ = await outcome(of: events)
        }
        #expect(updates == 0)
        page.close()
        let closed = page.startLoad(html: "")
        #expect(closed.navigationID == nil)
    }

    /// The superseded load and the newer one keep apart: neither gets the other's updates.
    @Test func aSupersededLoadAndTheNewerOneHaveTheirOwnUpdates() async throws {
        let server = try TestHTTPServer { _ in
            var response = TestHTTPServer.Response.html(html(title: "Slow"))
            response.delay = .seconds(5)
            return response
        }
        let page = WebPage()
        var updates: [WebPage.NavigationUpdate] = []
        page.observeNavigationUpdates { updates.append($0) }
        let first = page.startLoad(server.url("/slow"))
        await until("the request reached the server") { !server.requests.isEmpty }
        let second = page.startLoad(html: html(title: "Second"), baseURL: nil)
        let firstResult = await outcome(of: first)
        let secondResult = await outcome(of: second)
        #expect(firstResult.error == nil)
        #expect(secondResult.events == [.startedProvisionalNavigation, .committed, .finished])
        let secondUpdates = updates.filter { $0.navigationID == second.navigationID }.compactMap(\.event)
        #expect(secondUpdates == [.startedProvisionalNavigation, .committed, .finished])
        let ids = [first.navigationID, second.navigationID]
        #expect(updates.allSatisfy { ids.contains($0.navigationID) })
        let firstUpdates = updates.filter { $0.navigationID == first.navigationID }
        #expect(firstUpdates.allSatisfy { $0.event == .startedProvisionalNavigation })
    }

    /// The synchronous observer runs in order, with ``WebPage/currentNavigationEvent``
    /// already the update, and reads the page as it is at each event.
    @Test func theSynchronousObserverReadsThePageAtEachEvent() async throws {
        let server = try TestHTTPServer { _ in .html(html(title: "Observed")) }
        let page = WebPage()
        struct Seen {
            var event: WebPage.NavigationEvent?
            var isCurrent: Bool
            var url: URL?
            var title: String
            var isLoading: Bool
        }
        var seen: [Seen] = []
        let id = page.observeNavigationUpdates { update in
            let current = page.currentNavigationEvent
            seen.append(
                Seen(
                    event: update.event,
                    isCurrent: current?.navigationID == update.navigationID && current?.event == update.event,
                    url: page.url, title: page.title, isLoading: page.isLoading))
        }
        let url = server.url("/observed")
        let result = await outcome(of: page.startLoad(url))
        #expect(result.error == nil)
        #expect(seen.map(\.event) == [.startedProvisionalNavigation, .committed, .finished])
        #expect(seen.allSatisfy { $0.isCurrent })
        #expect(seen.allSatisfy { $0.url == url })
        #expect(seen.first?.isLoading == true)
        #expect(seen.last?.title == "Observed")
        #expect(seen.last?.isLoading == false)
        page.removeNavigationUpdateObserver(id)
        _ = await outcome(of: page.startLoad(html: ""))
        #expect(seen.count == 3)
    }

    /// The end of the web content process reaches its observer once, after the navigation
    /// under way failed.
    @Test func theEndOfTheWebContentProcessIsObservedSynchronously() async throws {
        let server = try TestHTTPServer { _ in
            var response = TestHTTPServer.Response.html(html(title: "Slow"))
            response.delay = .seconds(5)
            return response
        }
        let page = WebPage()
        _ = await outcome(of: page.startLoad(html: html(title: "Before")))
        var calls = 0
        var failedFirst = false
        page.observeWebContentProcessTermination {
            calls += 1
            failedFirst = page.currentNavigationEvent?.error != nil
        }
        let load = page.startLoad(server.url("/slow"))
        await until("the request reached the server") { !server.requests.isEmpty }
        page.terminateWebContentProcess()
        let result = await outcome(of: load)
        guard case .webContentProcessTerminated = result.navigationError else {
            Issue.record("expected webContentProcessTerminated, got \(String(describing: result.error))")
            return
        }
        await until("the observer was called") { calls > 0 }
        #expect(calls == 1)
        #expect(failedFirst)
    }
}
