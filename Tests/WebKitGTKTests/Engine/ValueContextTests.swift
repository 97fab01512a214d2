import CWebKitGTK
import Foundation
import GLibBridge
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct ValueContextTests {
    private func page(_ configuration: WebPage.Configuration = .init()) async -> WebPage {
        let page = WebPage(configuration: configuration)
        _ = await outcome(of: page.load(html: "<p>Baikal</p>"))
        return page
    }

    /// A mark on the kept context: a context WebKit made afresh for a later value would
    /// not carry it, even at a freed one's address.
    private static let mark = "value-context-test-mark"

    @Test func consecutiveResultsShareOneJSCContext() async throws {
        let page = await page()
        ValueContext.letGo()
        #expect(try await page.callJavaScript("return 'Baikal'") as? String == "Baikal")
        let first = try #require(ValueContext.kept)
        g_object_set_data(first.cast(to: GObject.self), Self.mark, UnsafeMutableRawPointer(bitPattern: 1))
        for depth in [1642, 501, 31] {
            let result = try await page.callJavaScript("return depth", arguments: ["depth": depth])
            #expect((result as? NSNumber)?.intValue == depth)
            let kept = try #require(ValueContext.kept)
            #expect(
                g_object_get_data(kept.cast(to: GObject.self), Self.mark) != nil,
                "WebKit made a new JSCContext for the value")
        }
        ValueContext.letGo()
    }

    @Test func aMessageKeepsItsContext() async throws {
        let content = WKUserContentController()
        var bodies: [String] = []
        content.addScriptMessageHandler(name: "sighting") { bodies.append($0.body as? String ?? "") }
        var configuration = WebPage.Configuration()
        configuration.userContentController = content
        let page = await page(configuration)
        try await page.callJavaScript(
            "setTimeout(() => window.webkit.messageHandlers.sighting.postMessage('heron'), 200)")
        // The call's own result kept the context; only the message can keep it again.
        ValueContext.letGo()
        await until("the message arrived") { !bodies.isEmpty }
        #expect(bodies == ["heron"])
        #expect(ValueContext.kept != nil)
        ValueContext.letGo()
    }

    @Test func theContextIsLetGoOnceNoValueComes() async throws {
        let page = await page()
        ValueContext.letGo()
        ValueContext.idleLimit = .milliseconds(300)
        defer { ValueContext.idleLimit = .seconds(10) }
        try await page.callJavaScript("return 1")
        #expect(ValueContext.kept != nil)
        await until("the kept context was let go", timeout: .seconds(10)) { ValueContext.kept == nil }
        // A later value keeps a context again.
        try await page.callJavaScript("return 2")
        #expect(ValueContext.kept != nil)
        ValueContext.letGo()
    }
}
