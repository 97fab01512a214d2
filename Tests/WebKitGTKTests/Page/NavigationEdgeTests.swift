import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

/// A decider that cancels every navigation whose path is `path`.
struct RefusingDecider: WebPage.NavigationDeciding {
    let path: String
    func decidePolicy(
        for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
    ) async -> WKNavigationActionPolicy {
        (action.request.url?.path ?? "").isEmpty || action.request.url?.path == path ? .cancel : .allow
    }
}

@MainActor
@Suite(.serialized)
struct NavigationEdgeTests {
    @Test func aRefusedLoadOfAURLWithoutAPathEnds() async throws {
        let server = try TestHTTPServer { _ in .html(html(title: "Root")) }
        let page = WebPage(navigationDecider: RefusingDecider(path: "/"))
        var ended = false
        Task { @MainActor in
            _ = await outcome(of: page.load(URL(string: "http://127.0.0.1:\(server.port)")))
            ended = true
        }
        await until("the refused load ended") { ended }
        #expect(server.requests.isEmpty)
    }

    @Test func aLoadThatOnlyMovesToAFragmentEnds() async throws {
        let server = try TestHTTPServer { _ in
            .html(html(title: "Long", body: "<p style='height:3000px'><h2 id=end>End</h2>"))
        }
        let page = WebPage()
        _ = await outcome(of: page.load(server.url("/article")))
        var ended = false
        Task { @MainActor in
            _ = await outcome(of: page.load(URL(string: "\(server.url("/article").absoluteString)#end")))
            ended = true
        }
        await until("the fragment load ended") { ended }
        #expect(page.url?.fragment == "end")
        #expect(server.requests.count == 1)
    }

    @Test func reloadingAPageThatShowsNothingIsEmpty() async throws {
        let result = await outcome(of: WebPage().reload())
        #expect(result.events.isEmpty)
        #expect(result.error == nil)
    }

    @Test func anIframeIsNeverUpgradedIntoTheMainFrame() async throws {
        let server = try TestHTTPServer { request in
            request.path == "/frame"
                ? .html(html(title: "Frame")) : .html(html(title: "Main", body: "<iframe src='/frame'></iframe>"))
        }
        let page = WebPage(navigationDecider: UpgradingDecider(policy: .automaticFallbackToHTTP))
        let result = await outcome(of: page.load(server.url("/main")))
        #expect(result.error == nil)
        await until("the frame showed its page") {
            (try? await page.callJavaScript("return document.querySelector('iframe').contentDocument?.title"))
                as? String == "Frame"
        }
        #expect(page.url == server.url("/main"))
        #expect(page.title == "Main")
    }

    @Test func aNavigationThePageSupersedesIsNotAFailure() async throws {
        let server = try TestHTTPServer { request in
            var response = TestHTTPServer.Response.html(html(title: String(request.path.dropFirst())))
            if request.path == "/slow" { response.delay = .seconds(3) }
            return response
        }
        let page = WebPage()
        _ = await outcome(of: page.load(server.url("/start")))
        var failure: (any Error)?
        var events: [WebPage.NavigationEvent] = []
        var listening = false
        let watcher = Task { @MainActor in
            listening = true
            do {
                for try await event in page.navigations { events.append(event) }
            } catch {
                failure = error
            }
        }
        defer { watcher.cancel() }
        await until("the watcher listens") { listening }
        _ = try await page.evaluateForTesting("location.href = '/slow'")
        await until("the slow load started") { events.contains(.startedProvisionalNavigation) }
        _ = try await page.evaluateForTesting("location.href = '/quick'")
        await until("the quick page finished") { page.title == "quick" && events.last == .finished }
        #expect(failure == nil, "\(String(describing: failure))")
    }

    /// WebKitGTK refuses a restricted port before the load reaches the network and commits
    /// an empty `about:blank` in its place, with no `load-failed`: the navigation fails with
    /// the engine's error, as Apple's does (WebKit error 103), and is never a success.
    @Test func aLoadToARestrictedPortFailsWithTheEnginesPolicyError() async throws {
        let page = WebPage()
        var updates: [WebPage.NavigationUpdate] = []
        let observing = Task { @MainActor in for await update in page.navigationUpdates { updates.append(update) } }
        defer { observing.cancel() }
        let result = await outcome(of: page.load(URLRequest(url: URL(string: "http://127.0.0.1:9/")!)))
        #expect(result.events == [.startedProvisionalNavigation])
        guard case .failedProvisionalNavigation(let underlying) = try #require(result.navigationError) else {
            Issue.record("expected failedProvisionalNavigation, got \(String(describing: result.error))")
            return
        }
        let error = try #require(underlying as? GLibError)
        #expect(error.domain == "WebKitPolicyError")
        #expect(error.code == 103)
        await until("the engine stopped loading") { !page.isLoading }
        #expect(page.currentNavigationEvent?.error != nil)
        await until("the failure was observed") { updates.contains { $0.error != nil } }
        #expect(!updates.contains { $0.event == .committed || $0.event == .finished })
    }

    /// A port nothing listens on is not restricted: the connection fails, as the network
    /// reports it.
    @Test func aLoadToAClosedPortFailsWithTheNetworksError() async throws {
        let page = WebPage()
        let result = await outcome(of: page.load(URLRequest(url: URL(string: "http://127.0.0.1:39999/")!)))
        #expect(result.events == [.startedProvisionalNavigation])
        guard case .failedProvisionalNavigation(let underlying) = try #require(result.navigationError) else {
            Issue.record("expected failedProvisionalNavigation, got \(String(describing: result.error))")
            return
        }
        #expect((underlying as? GLibError)?.domain != RestrictedPort.errorDomain)
    }

    @Test(arguments: [
        ("http://127.0.0.1:9/", true), ("https://a.test:6000/x", true), ("http://a.test:8080/", false),
        ("http://a.test/", false), ("file://host:9/tmp", false), ("ftp://a.test:21/", false),
        ("ftp://a.test:25/", true),
    ])
    func restrictedPortsAreWebKits(_ url: String, _ restricted: Bool) {
        #expect(RestrictedPort.isRestricted(url) == restricted)
    }
}
