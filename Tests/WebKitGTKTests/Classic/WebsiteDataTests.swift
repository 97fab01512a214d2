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

@MainActor
@Suite(.serialized)
struct WebsiteDataTests {
    @Test func theDataTypesAreApplesAndThoseWithoutMeaningOnLinuxAreLeftOut() {
        #expect(WKWebsiteDataTypeCookies == "WKWebsiteDataTypeCookies")
        #expect(WKWebsiteDataTypeFetchCache == "WKWebsiteDataTypeFetchCache")
        let all = WKWebsiteDataStore.allWebsiteDataTypes()
        #expect(
            all.isSuperset(of: [WKWebsiteDataTypeCookies, WKWebsiteDataTypeLocalStorage, WKWebsiteDataTypeHashSalt]))
        #expect(all.isDisjoint(with: [WKWebsiteDataTypeScreenTime, WKWebsiteDataTypeMediaKeys]))
    }

    @Test func localStorageIsListedByHostAndRemovedSinceDistantPast() async throws {
        let server = try TestHTTPServer { _ in
            .html(#"<title>stored</title><script>localStorage.setItem("lake", "Tahoe")</script>"#)
        }
        let configuration = WKWebViewConfiguration()
        configuration.websiteDataStore = .nonPersistent()
        let store = configuration.websiteDataStore
        let webView = WKWebView(frame: .zero, configuration: configuration)
        let counter = LoadCounter()
        webView.navigationDelegate = counter
        webView.load(URLRequest(url: server.url("/")))
        await until("loaded") { counter.finished == 1 }
        #expect(try await webView.evaluateJavaScript(#"localStorage.getItem("lake")"#) as? String == "Tahoe")

        let types: Set = [WKWebsiteDataTypeLocalStorage]
        await until("the host is listed", checkingEvery: .milliseconds(100)) {
            await store.dataRecords(ofTypes: types).contains { $0.displayName == "127.0.0.1" }
        }
        let records = await withCheckedContinuation { done in
            store.fetchDataRecords(ofTypes: types) { done.resume(returning: $0) }
        }
        let record = try #require(records.first { $0.displayName == "127.0.0.1" })
        #expect(record.dataTypes == types)

        await withCheckedContinuation { done in
            store.removeData(ofTypes: types, modifiedSince: .distantPast) { done.resume() }
        }
        #expect(await store.dataRecords(ofTypes: types).isEmpty)
    }

    @Test func cookiesOfOneRecordAreRemoved() async throws {
        let store = WKWebsiteDataStore.nonPersistent()
        for domain in ["127.0.0.1", "localhost"] {
            await store.httpCookieStore.setCookie(
                HTTPCookie(properties: [.name: "n", .value: "v", .domain: domain, .path: "/"])!)
        }
        let types: Set = [WKWebsiteDataTypeCookies]
        let records = await store.dataRecords(ofTypes: types)
        #expect(records.allSatisfy { $0.dataTypes == types })
        let chosen = records.filter { $0.displayName == "127.0.0.1" }
        #expect(chosen.count == 1, "records: \(records)")
        await store.removeData(ofTypes: types, for: chosen)
        #expect(await store.httpCookieStore.allCookies().map(\.domain) == ["localhost"])
    }

    @Test func typesWithoutMeaningOnLinuxDoNothing() async {
        let store = WKWebsiteDataStore.nonPersistent()
        await store.httpCookieStore.setCookie(
            HTTPCookie(properties: [.name: "n", .value: "v", .domain: "lakes.example", .path: "/"])!)
        #expect(await store.dataRecords(ofTypes: [WKWebsiteDataTypeScreenTime]).isEmpty)
        await store.removeData(ofTypes: [WKWebsiteDataTypeScreenTime], modifiedSince: .distantPast)
        // A date ahead leaves nothing to remove.
        await store.removeData(ofTypes: [WKWebsiteDataTypeCookies], modifiedSince: .distantFuture)
        #expect(await store.httpCookieStore.allCookies().count == 1)
    }
}
