import CWebKitGTK
import Foundation
import GLibBridge
import TestSupport
import Testing

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct WebPageLifetimeTests {
    @Test func webProcessTerminationFailsOpenNavigationsAndAReloadRecovers() async throws {
        let server = try TestHTTPServer { request in
            var response = TestHTTPServer.Response.html(html(title: "Page \(request.path)"))
            if request.path == "/slow" { response.delay = .seconds(3) }
            return response
        }
        let page = WebPage()
        let first = await outcome(of: page.load(server.url("/fast")))
        #expect(first.error == nil)

        let slow = page.load(server.url("/slow"))
        await waitUntil("the slow request reached the server") { server.requests.count >= 2 }
        page.terminateWebContentProcess()
        let crashed = await outcome(of: slow)
        guard case .webContentProcessTerminated = try #require(crashed.navigationError) else {
            Issue.record("expected webContentProcessTerminated, got \(String(describing: crashed.error))")
            return
        }
        if case .failed(let error) = page.currentNavigationEvent?.kind {
            #expect(error as? WebPage.NavigationError != nil)
        } else {
            Issue.record("the current navigation event should record the termination")
        }

        let recovered = await outcome(of: page.load(server.url("/again")))
        #expect(recovered.error == nil)
        #expect(recovered.events.last == .finished)
        await waitUntil("the new page's title") { page.title == "Page /again" }
    }

    @Test func droppedPagesLeaveNoPageOrEngineViewAlive() async throws {
        weak var lastPage: WebPage?
        var engineViews: [UnsafeMutablePointer<GWeakRef>] = []
        defer {
            for reference in engineViews {
                g_weak_ref_clear(reference)
                reference.deallocate()
            }
        }
        var pages: [WeakPage] = []
        for index in 0..<200 {
            let page = WebPage()
            if index % 20 == 0 {
                // Some of them load, so their engine objects hold a web process too.
                _ = await outcome(of: page.load(html: "<p>page \(index)"))
            }
            let reference = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)
            reference.initialize(to: GWeakRef())
            g_weak_ref_init(reference, UnsafeMutableRawPointer(page.engineObjectForTesting))
            engineViews.append(reference)
            pages.append(WeakPage(page))
            lastPage = page
        }
        // Let any last engine callbacks run before counting.
        try await Task.sleep(for: .milliseconds(200))
        #expect(lastPage == nil)
        #expect(pages.filter { $0.page != nil }.count == 0)
        let alive = engineViews.filter { reference in
            guard let object = g_weak_ref_get(reference) else { return false }
            g_object_unref(object)
            return true
        }
        #expect(alive.count == 0)
    }

    /// The kinds of object a page, and a view showing it, make.
    static let pageKinds = [
        "WebPage", "NavigationTracker", "PageUserContent", "SignalConnection", LiveObjects.signalHandler,
        "WebKitWebView", "GtkOffscreenWindow", "WebKitUserContentManager", "WebView", "GtkBox",
    ]

    @Test func closedPagesLeaveNothingTheyMadeAlive() async throws {
        let before = LiveObjects.snapshot
        func alive() -> [String: Int] {
            var counts: [String: Int] = [:]
            for kind in Self.pageKinds { counts[kind] = LiveObjects.count(kind) - (before[kind] ?? 0) }
            return counts
        }
        var highest: [String: Int] = [:]
        for cycle in 0..<10 {
            let page = WebPage()
            _ = await outcome(of: page.load(URL(string: "about:blank")!))
            // Every other page is shown for a while, as the app's pages are.
            var view = cycle.isMultiple(of: 2) ? WebView(page) : nil
            _ = await outcome(of: page.load(html: html(title: "Page \(cycle)")))
            highest.merge(alive()) { max($0, $1) }
            view = nil
            page.close()
            #expect(view == nil)
        }
        // Each kind was made and counted.
        for kind in Self.pageKinds { #expect(highest[kind, default: 0] > 0, "no \(kind) counted") }
        await waitUntil("every object the pages made is freed", timeout: .seconds(10)) {
            alive().values.allSatisfy { $0 == 0 }
        }
        #expect(alive().filter { $0.value != 0 } == [:])
    }

    @Test func pagesOfTheDefaultStoreShareOneWebContext() async throws {
        let contexts = LiveObjects.count("WebKitWebContext")
        let first = WebPage()
        let second = WebPage()
        _ = await outcome(of: first.load(URL(string: "about:blank")!))
        #expect(
            webkit_web_view_get_context(first.webView) == webkit_web_view_get_context(second.webView))
        #expect(LiveObjects.count("WebKitWebContext") == contexts)
        first.close()
        second.close()
    }

    @Test func aNonPersistentStoreGoesWithItsLastPage() async throws {
        let contexts = LiveObjects.count("WebKitWebContext")
        var store: WKWebsiteDataStore? = .nonPersistent()
        var page: WebPage? = WebPage(configuration: WebPage.Configuration(websiteDataStore: store!))
        _ = await outcome(of: page!.load(URL(string: "about:blank")!))
        #expect(LiveObjects.count("WebKitWebContext") == contexts + 1)
        page?.close()
        page = nil
        store = nil
        #expect(store == nil)
        await waitUntil("the store's web context is freed", timeout: .seconds(10)) {
            LiveObjects.count("WebKitWebContext") == contexts
        }
    }

    @Test func aClosedPageStillAnswersItsProperties() async throws {
        let page = WebPage()
        _ = await outcome(of: page.load(html: html(title: "Kept")))
        await waitUntil("the title") { page.title == "Kept" }
        page.close()
        page.close()
        #expect(page.isClosed)
        #expect(!page.isLoading)
        page.stopLoading()
        #expect(page.currentNavigationEvent?.event == .finished)
    }
}

/// A weak reference to a page, for counting survivors.
@MainActor
private final class WeakPage {
    weak var page: WebPage?
    init(_ page: WebPage) { self.page = page }
}
