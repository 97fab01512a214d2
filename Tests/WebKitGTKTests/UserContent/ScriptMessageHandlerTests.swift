import Foundation
import GLibBridge
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

/// Apple's delegate form of message handlers.
@MainActor
final class SightingRecorder: WKScriptMessageHandler {
    var messages: [WKScriptMessage] = []
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        messages.append(message)
    }
}

@MainActor
final class DepthAnswerer: WKScriptMessageHandlerWithReply {
    func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage
    ) async -> (Any?, String?) {
        message.body as? String == "Baikal" ? (1642, nil) : (nil, "no such lake")
    }
}

@MainActor
@Suite(.serialized)
struct ScriptMessageHandlerTests {
    private func page(_ content: WKUserContentController) -> WebPage {
        var configuration = WebPage.Configuration()
        configuration.userContentController = content
        return WebPage(configuration: configuration)
    }

    @Test func aDelegateReceivesMessagesWithTheirFrame() async throws {
        let content = WKUserContentController()
        let recorder = SightingRecorder()
        content.add(recorder, name: "sighting")
        let page = page(content)
        _ = await outcome(of: page.load(html: "<p>form", baseURL: URL(string: "https://lakes.example/form")))
        try await page.callJavaScript("window.webkit.messageHandlers.sighting.postMessage('heron')")
        await until("the message arrived") { !recorder.messages.isEmpty }
        let message = try #require(recorder.messages.first)
        #expect(message.body as? String == "heron")
        #expect(message.frameInfo.isMainFrame)
        #expect(message.frameInfo.securityOrigin.host == "lakes.example")
    }

    @Test func aHandlerThatAnswersAtOnceTakesNoTurnOfTheMainLoop() async throws {
        let content = WKUserContentController()
        content.addScriptMessageHandler(DepthAnswerer(), contentWorld: .page, name: "depth")
        let page = page(content)
        _ = await outcome(of: page.load(html: "<p>ask"))
        let turnsBefore = MainLoop.mainQueueDrains
        let answers = try await page.callJavaScript(
            """
            let sum = 0;
            for (let i = 0; i < 50; i++) sum += await window.webkit.messageHandlers.depth.postMessage('Baikal');
            return sum;
            """)
        #expect(answers as? Int == 50 * 1642)
        // One turn resumes the call awaiting the answers; a handler started in a task of its
        // own would add one for each of the 50.
        let turns = MainLoop.mainQueueDrains - turnsBefore
        #expect(turns < 25, "\(turns) turns of the main loop for 50 answers")
    }

    @Test func aReplyDelegateResolvesAndRejectsInItsWorld() async throws {
        let content = WKUserContentController()
        content.addScriptMessageHandler(DepthAnswerer(), contentWorld: .defaultClient, name: "depth")
        let page = page(content)
        _ = await outcome(of: page.load(html: "<p>ask"))
        let answer = try await page.callJavaScript(
            "return await window.webkit.messageHandlers.depth.postMessage('Baikal')", contentWorld: .defaultClient)
        #expect(answer as? Int == 1642)
        let rejection = try await page.callJavaScript(
            "try { await window.webkit.messageHandlers.depth.postMessage('Atlantis') } catch (e) { return String(e) }",
            contentWorld: .defaultClient)
        #expect((rejection as? String)?.contains("no such lake") == true)
        // The page's own world has no such handler.
        let missing = try await page.callJavaScript("return typeof window.webkit?.messageHandlers?.depth")
        #expect(missing as? String == "undefined")
    }

    @Test func handlersAreRemovedByNameByWorldAndAll() async throws {
        let content = WKUserContentController()
        let recorder = SightingRecorder()
        content.add(recorder, name: "one")
        content.add(recorder, contentWorld: .defaultClient, name: "two")
        content.add(recorder, name: "three")
        let page = page(content)
        _ = await outcome(of: page.load(html: "<p>x"))
        let present = "return typeof window.webkit?.messageHandlers?.[name]"

        content.removeScriptMessageHandler(forName: "one")
        _ = await outcome(of: page.load(html: "<p>y"))
        #expect(try await page.callJavaScript(present, arguments: ["name": "one"]) as? String == "undefined")
        #expect(try await page.callJavaScript(present, arguments: ["name": "three"]) as? String == "object")

        content.removeAllScriptMessageHandlers(from: .defaultClient)
        _ = await outcome(of: page.load(html: "<p>z"))
        #expect(
            try await page.callJavaScript(present, arguments: ["name": "two"], contentWorld: .defaultClient) as? String
                == "undefined")

        content.removeAllScriptMessageHandlers()
        _ = await outcome(of: page.load(html: "<p>w"))
        #expect(try await page.callJavaScript(present, arguments: ["name": "three"]) as? String == "undefined")
    }

    @Test func userScriptsAreListedAndTakeApplesLabels() async throws {
        let content = WKUserContentController()
        let script = WKUserScript(
            source: "window.marked = 1", injectionTime: .atDocumentEnd, forMainFrameOnly: false, in: .defaultClient)
        content.addUserScript(script)
        #expect(content.userScripts == [script])
        #expect(!script.isForMainFrameOnly)
        let page = page(content)
        _ = await outcome(of: page.load(html: "<p>x"))
        #expect(try await page.callJavaScript("return window.marked", contentWorld: .defaultClient) as? Int == 1)
        #expect(try await page.callJavaScript("return typeof window.marked") as? String == "undefined")
    }
}
