import Foundation
import FoundationNetworking
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

/// Counts the loads a web view finished, as an app's navigation delegate would.
private final class LoadCounter: NSObject, WKNavigationDelegate {
    var finished = 0
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) { finished += 1 }
}

/// An observer written as apps write them, counting what it is told.
private final class CookieWatcher: NSObject, WKHTTPCookieStoreObserver {
    var changes = 0
    func cookiesDidChange(in cookieStore: WKHTTPCookieStore) { changes += 1 }
}

@MainActor
@Suite(.serialized)
struct CookieStoreTests {
    private let server: TestHTTPServer
    private let configuration = WKWebViewConfiguration()

    init() throws {
        server = try TestHTTPServer { request in
            var response = TestHTTPServer.Response.html(
                request.path == "/set"
                    ? #"<title>set</title><script>document.cookie = "lake=Tahoe; path=/"</script>"#
                    : "<title>\(request.path)</title>")
            if request.path == "/set" { response.headers["Set-Cookie"] = "depth=501; Path=/; HttpOnly" }
            return response
        }
        configuration.websiteDataStore = .nonPersistent()
    }

    private func load(_ path: String, in webView: WKWebView, counter: LoadCounter) async {
        let before = counter.finished
        webView.load(URLRequest(url: server.url(path)))
        await until("\(path) finished") { counter.finished > before }
    }

    @Test func theStoreIsTheSameObjectOnEveryRead() {
        let store = WKWebsiteDataStore.nonPersistent()
        #expect(store.httpCookieStore === store.httpCookieStore)
    }

    @Test func cookiesAPageSetsAreAmongAllCookies() async throws {
        let webView = WKWebView(frame: .zero, configuration: configuration)
        let counter = LoadCounter()
        webView.navigationDelegate = counter
        await load("/set", in: webView, counter: counter)
        let cookies = configuration.websiteDataStore.httpCookieStore
        await until("both cookies are seen", checkingEvery: .milliseconds(100)) {
            await Set(cookies.allCookies().map(\.name)).isSuperset(of: ["lake", "depth"])
        }
        let all = await cookies.allCookies()
        let lake = try #require(all.first { $0.name == "lake" })
        #expect(lake.value == "Tahoe")
        #expect(lake.domain == "127.0.0.1")
        #expect(lake.path == "/")
        #expect(lake.expiresDate == nil)
        #expect(!lake.isHTTPOnly)
        #expect(all.first { $0.name == "depth" }?.isHTTPOnly == true)
    }

    @Test func aCookieSetHereIsSeenByThePage() async throws {
        let cookies = configuration.websiteDataStore.httpCookieStore
        let expiry = Date(timeIntervalSinceNow: 3600)
        let cookie = try #require(
            HTTPCookie(properties: [
                .name: "shore", .value: "sand", .domain: "127.0.0.1", .path: "/", .expires: expiry,
            ]))
        await withCheckedContinuation { done in cookies.setCookie(cookie) { done.resume() } }
        let stored = try #require(await cookies.allCookies().first { $0.name == "shore" })
        #expect(abs((stored.expiresDate ?? .distantPast).timeIntervalSince(expiry)) < 2)

        let webView = WKWebView(frame: .zero, configuration: configuration)
        let counter = LoadCounter()
        webView.navigationDelegate = counter
        await load("/read", in: webView, counter: counter)
        #expect(try await webView.evaluateJavaScript("document.cookie") as? String == "shore=sand")
        #expect(server.requests.last { $0.path == "/read" }?.headers.contains { $0.value == "shore=sand" } == true)
    }

    @Test func aDeletedCookieIsGoneForThePageToo() async throws {
        let cookies = configuration.websiteDataStore.httpCookieStore
        let cookie = try #require(
            HTTPCookie(properties: [.name: "ice", .value: "thin", .domain: "127.0.0.1", .path: "/"]))
        await cookies.setCookie(cookie)
        #expect(await cookies.allCookies().map(\.name) == ["ice"])
        await withCheckedContinuation { done in cookies.delete(cookie) { done.resume() } }
        #expect(await cookies.allCookies().isEmpty)

        let webView = WKWebView(frame: .zero, configuration: configuration)
        let counter = LoadCounter()
        webView.navigationDelegate = counter
        await load("/read", in: webView, counter: counter)
        #expect(try await webView.evaluateJavaScript("document.cookie") as? String == "")
    }

    @Test func anObserverIsToldOfAChangeUntilRemoved() async throws {
        let cookies = configuration.websiteDataStore.httpCookieStore
        let watcher = CookieWatcher()
        cookies.add(watcher)
        cookies.add(watcher)
        let cookie = try #require(
            HTTPCookie(properties: [.name: "wave", .value: "1", .domain: "127.0.0.1", .path: "/"]))
        await cookies.setCookie(cookie)
        await until("told of the new cookie") { watcher.changes > 0 }

        // A page's own cookie is a change too.
        let told = watcher.changes
        let webView = WKWebView(frame: .zero, configuration: configuration)
        let counter = LoadCounter()
        webView.navigationDelegate = counter
        await load("/set", in: webView, counter: counter)
        await until("told of the page's cookies") { watcher.changes > told }

        cookies.remove(watcher)
        let after = watcher.changes
        await cookies.delete(cookie)
        await never("told after removal", within: .milliseconds(300)) { watcher.changes != after }
    }

    @Test func anObserverIsHeldWeakly() async throws {
        let cookies = configuration.websiteDataStore.httpCookieStore
        weak var gone: CookieWatcher?
        do {
            let watcher = CookieWatcher()
            gone = watcher
            cookies.add(watcher)
        }
        #expect(gone == nil)
        // Changes with the observer gone reach nobody, and the store goes on.
        let cookie = try #require(
            HTTPCookie(properties: [.name: "gone", .value: "1", .domain: "127.0.0.1", .path: "/"]))
        await cookies.setCookie(cookie)
        #expect(await cookies.allCookies().map(\.name) == ["gone"])
    }
}
