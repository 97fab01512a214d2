import Foundation
import TestSupport
import Testing

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct ContentRuleListTests {
    private let store = ContentRuleListStore(
        directory: FileManager.default.temporaryDirectory.appendingPathComponent("lakes-rules-\(UUID().uuidString)"))

    /// A 1×1 PNG.
    nonisolated static let png = Data(
        base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=")!

    @Test func aRuleBlocksAnImageAndRemovingItUnblocks() async throws {
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let server = try TestHTTPServer { request in
            request.path.hasSuffix(".png")
                ? TestHTTPServer.Response(headers: ["Content-Type": "image/png"], body: Self.png)
                : .html(#"<img id="tracker" src="/pixel.png">"#)
        }
        let rules = try await store.compileContentRuleList(
            forIdentifier: "no-pixels",
            encodedContentRuleList: #"[{"trigger": {"url-filter": "pixel\\.png"}, "action": {"type": "block"}}]"#)
        #expect(rules.identifier == "no-pixels")
        let content = WKUserContentController()
        content.add(rules)
        let page = WebPage(configuration: WebPage.Configuration(userContentController: content))
        let loaded =
            "const i = document.getElementById('tracker'); await i.decode().catch(() => {}); return i.naturalWidth"

        _ = await outcome(of: page.load(server.url("/blocked")))
        #expect(try await page.callJavaScript(loaded) as? Int == 0)
        #expect(!server.requests.contains { $0.path == "/pixel.png" })

        content.remove(rules)
        _ = await outcome(of: page.load(server.url("/allowed")))
        #expect(try await page.callJavaScript(loaded) as? Int == 1)
        #expect(server.requests.contains { $0.path == "/pixel.png" })
    }

    @Test func compiledRulesAreKeptOnDisk() async throws {
        defer { try? FileManager.default.removeItem(at: store.directory) }
        _ = try await store.compileContentRuleList(
            forIdentifier: "kept",
            encodedContentRuleList: #"[{"trigger": {"url-filter": "ads"}, "action": {"type": "block"}}]"#)
        let again = ContentRuleListStore(directory: store.directory)
        #expect(await again.contentRuleList(forIdentifier: "kept")?.identifier == "kept")
        try await again.removeContentRuleList(forIdentifier: "kept")
        #expect(await again.contentRuleList(forIdentifier: "kept") == nil)
    }

    @Test(arguments: [
        "not json", #"{"trigger": {}}"#, #"[{"trigger": {"url-filter": "x"}}]"#,
        #"[{"trigger": {"url-filter": "x"}, "action": {"type": "explode"}}]"#,
    ])
    func invalidRulesThrowAndSayWhy(_ json: String) async throws {
        defer { try? FileManager.default.removeItem(at: store.directory) }
        do {
            _ = try await store.compileContentRuleList(forIdentifier: "bad", encodedContentRuleList: json)
            Issue.record("\(json) compiled")
        } catch let error as ContentRuleListError {
            guard case .invalidRules(let message) = error else { return }
            #expect(!message.isEmpty)
        }
    }
}
