import CWebKitGTK
import Foundation
import Observation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct WebPageStateTests {
    /// Waits for `task`, cancelling it after 20 seconds so a missed change fails instead of hanging.
    private func value<T>(of task: Task<T, Never>) async -> T {
        let timeout = Task {
            try await Task.sleep(for: .seconds(20))
            task.cancel()
        }
        defer { timeout.cancel() }
        return await task.value
    }

    @Test func titleChangesAreSeenThroughObservations() async throws {
        let page = WebPage()
        let task = Task { @MainActor in
            var titles: [String] = []
            for await title in Observations({ page.title }) {
                titles.append(title)
                if title == "Second" { break }
            }
            return titles
        }
        page.load(html: html(title: "First", body: "<script>setTimeout(() => document.title = 'Second', 50)</script>"))
        let titles = await value(of: task)
        #expect(titles.last == "Second")
        #expect(titles.contains("First"))
    }

    @Test func urlAndLoadingStateAreSeenThroughObservations() async throws {
        let server = try TestHTTPServer { _ in .html(html(title: "Served")) }
        let page = WebPage()
        let target = server.url("/observed")
        let urlTask = Task { @MainActor in
            var urls: [URL?] = []
            for await url in Observations({ page.url }) {
                urls.append(url)
                if url == target { break }
            }
            return urls
        }
        page.load(target)
        #expect(await value(of: urlTask).last == target)

        let loadingTask = Task { @MainActor in
            var states: [Bool] = []
            for await loading in Observations({ page.isLoading }) {
                states.append(loading)
                if states.contains(true) && !loading { break }
            }
            return states
        }
        page.reload()
        let states = await value(of: loadingTask)
        #expect(states.contains(true))
        #expect(states.last == false)
    }

    @Test func progressRisesToOneThroughObservations() async throws {
        let server = try TestHTTPServer { _ in .html(html(title: "Progress")) }
        let page = WebPage()
        let task = Task { @MainActor in
            var values: [Double] = []
            for await progress in Observations({ page.estimatedProgress }) {
                values.append(progress)
                if progress == 1 { break }
            }
            return values
        }
        page.load(server.url("/progress"))
        let values = await value(of: task)
        #expect(values.last == 1)
        #expect(values.count >= 2)
    }

    /// WebKitGTK sends theme-color changes from its compositing path only; the test runs with
    /// WebKit's defaults, where compositing is on under Xvfb too.
    @Test func themeColorFollowsTheMetaTag() async throws {
        let page = WebPage()
        _ = await outcome(of: page.load(html: ##"<meta name="theme-color" content="#336699"><p>blue"##))
        await until("the theme color arrived") { page.themeColor != nil }
        let color = try #require(page.themeColor)
        #expect(abs(color.red - 0x33 / 255.0) < 0.01)
        #expect(abs(color.blue - 0x99 / 255.0) < 0.01)
    }

    @Test func backForwardListIsOldestFirstLikeApples() async throws {
        let server = try TestHTTPServer { request in .html(html(title: String(request.path.dropFirst()))) }
        let page = WebPage()
        for name in ["one", "two", "three"] {
            let result = await outcome(of: page.load(server.url("/\(name)")))
            #expect(result.error == nil)
        }
        await until("three history items") { page.backForwardList.backList.count == 2 }
        var list = page.backForwardList
        #expect(list.backList.map(\.url) == [server.url("/one"), server.url("/two")])
        #expect(list.currentItem?.url == server.url("/three"))
        #expect(list.forwardList.isEmpty)
        #expect(page.canGoBack)
        #expect(!page.canGoForward)

        let back = await outcome(of: page.goBack())
        #expect(back.events.last == .finished)
        list = page.backForwardList
        #expect(list.backList.map(\.url) == [server.url("/one")])
        #expect(list.currentItem?.url == server.url("/two"))
        #expect(list.forwardList.map(\.url) == [server.url("/three")])
        #expect(page.canGoForward)

        let first = try #require(list.backList.first)
        _ = await outcome(of: page.load(first))
        #expect(page.url == server.url("/one"))
        #expect(page.backForwardList.forwardList.map(\.url) == [server.url("/two"), server.url("/three")])
        await until("the item's title") { page.backForwardList.currentItem?.title == "one" }

        _ = await outcome(of: page.goForward())
        #expect(page.url == server.url("/two"))
    }

    @Test func currentNavigationEventAndNavigationsFollowEveryNavigation() async throws {
        let page = WebPage()
        let updates = page.navigationUpdates
        let collector = Task { @MainActor in
            var seen: [WebPage.NavigationUpdate] = []
            for await update in updates {
                seen.append(update)
                if seen.filter({ $0.event == .finished }).count == 2 { break }
            }
            return seen
        }
        _ = await outcome(of: page.load(html: "<p>first"))
        let first = try #require(page.currentNavigationEvent)
        #expect(first.event == .finished)
        #expect(first.cause == .content)
        // A navigation the page starts itself gets an identity of its own.
        _ = await outcome(of: page.load(html: "<p>second"))
        let seen = await collector.value
        let ids = Set(seen.map(\.navigationID))
        #expect(ids.count == 2)
        #expect(
            seen.map(\.event) == [
                .startedProvisionalNavigation, .committed, .finished, .startedProvisionalNavigation, .committed,
                .finished,
            ])
    }

    @Test func aNavigationStartedByThePageIsReportedAsThePages() async throws {
        let server = try TestHTTPServer { request in .html(html(title: request.path)) }
        let page = WebPage()
        _ = await outcome(of: page.load(html: "<p>start", baseURL: server.url("/start")))
        let startID = page.currentNavigationEvent?.navigationID
        webkit_web_view_evaluate_javascript(
            page.webView, "location.href = '/moved'", -1, nil, nil, nil, nil, nil)
        await until("the page-initiated navigation finished") {
            page.currentNavigationEvent?.event == .finished && page.currentNavigationEvent?.navigationID != startID
        }
        #expect(page.currentNavigationEvent?.cause == .page)
        #expect(page.url == server.url("/moved"))
    }
}
