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
struct ContentRuleListStoreTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-wk-rules-\(UUID())")
    private let rules = #"[{"trigger": {"url-filter": "pixel\\.png"}, "action": {"type": "block"}}]"#

    /// A 1×1 PNG.
    nonisolated static let png = Data(
        base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=")!

    @Test func theDefaultStoreIsOneObject() {
        #expect(WKContentRuleListStore.default() === WKContentRuleListStore.default())
        #expect(WKContentRuleListStore.store(with: URL(string: "https://lakes.example/rules")!) == nil)
    }

    @Test func aCompiledListBlocksAnImageInAWebView() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try TestHTTPServer { request in
            request.path.hasSuffix(".png")
                ? TestHTTPServer.Response(headers: ["Content-Type": "image/png"], body: Self.png)
                : .html(#"<img id="tracker" src="/pixel.png">"#)
        }
        let store = try #require(WKContentRuleListStore.store(with: folder))
        let list: WKContentRuleList? = try await withCheckedThrowingContinuation { done in
            store.compileContentRuleList(forIdentifier: "no-pixels", encodedContentRuleList: rules) { list, error in
                if let error { done.resume(throwing: error) } else { done.resume(returning: list) }
            }
        }
        let configuration = WKWebViewConfiguration()
        configuration.userContentController.add(try #require(list))
        let webView = WKWebView(frame: .zero, configuration: configuration)
        let counter = LoadCounter()
        webView.navigationDelegate = counter
        webView.load(URLRequest(url: server.url("/page")))
        await until("loaded") { counter.finished == 1 }
        let width = try await webView.callAsyncJavaScript(
            "const i = document.getElementById('tracker'); await i.decode().catch(() => {}); return i.naturalWidth",
            contentWorld: .page)
        #expect(width as? Int == 0)
        #expect(!server.requests.contains { $0.path == "/pixel.png" })
    }

    @Test func aListIsLookedUpListedAndRemoved() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try #require(WKContentRuleListStore.store(with: folder))
        _ = try await store.compileContentRuleList(forIdentifier: "kept", encodedContentRuleList: rules)
        #expect(try await store.lookUpContentRuleList(forIdentifier: "kept")?.identifier == "kept")
        #expect(await store.availableContentRuleListIdentifiers() == ["kept"])

        let removal: (any Error)? = await withCheckedContinuation { done in
            store.removeContentRuleList(forIdentifier: "kept") { done.resume(returning: $0) }
        }
        #expect(removal == nil)
        #expect(await store.availableContentRuleListIdentifiers() == [])
        await #expect(throws: WKError(.contentRuleListStoreLookUpFailed)) {
            try await store.lookUpContentRuleList(forIdentifier: "kept")
        }
        await #expect(throws: WKError(.contentRuleListStoreRemoveFailed)) {
            try await store.removeContentRuleList(forIdentifier: "kept")
        }
    }

    @Test func aMissingListIsALookUpFailureForTheHandler() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try #require(WKContentRuleListStore.store(with: folder))
        let (list, error) = await withCheckedContinuation { done in
            store.lookUpContentRuleList(forIdentifier: "never-made") { done.resume(returning: ($0, $1)) }
        }
        #expect(list == nil)
        #expect((error as? WKError)?.code == .contentRuleListStoreLookUpFailed)
    }

    @Test(arguments: ["not json", #"[{"trigger": {"url-filter": "x"}, "action": {"type": "explode"}}]"#])
    func aMalformedListFailsToCompile(_ json: String) async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try #require(WKContentRuleListStore.store(with: folder))
        do {
            _ = try await store.compileContentRuleList(forIdentifier: "bad", encodedContentRuleList: json)
            Issue.record("\(json) compiled")
        } catch let error as WKError {
            #expect(error.code == .contentRuleListStoreCompileFailed)
            #expect(!error.localizedDescription.isEmpty)
            #expect((error as NSError).domain == WKErrorDomain)
        }
        #expect(await store.availableContentRuleListIdentifiers() == [])
    }
}
