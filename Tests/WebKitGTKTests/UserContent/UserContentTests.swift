import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct UserContentTests {
    private func page(_ content: WKUserContentController) -> WebPage {
        WebPage(configuration: WebPage.Configuration(userContentController: content))
    }

    @Test func scriptsRunAtDocumentStartAndEndInTheirWorlds() async throws {
        let content = WKUserContentController()
        content.addUserScript(
            WKUserScript(source: "window.startSawBody = document.body !== null", injectionTime: .atDocumentStart))
        content.addUserScript(
            WKUserScript(source: "window.endSawLake = !!document.getElementById('lake')", injectionTime: .atDocumentEnd)
        )
        content.addUserScript(
            WKUserScript(
                source: "window.isolated = 'yes'", injectionTime: .atDocumentEnd, in: .world(name: "tools")))
        content.add(UserStyleSheet(source: "#lake { color: rgb(1, 2, 3) }"))
        let page = page(content)
        _ = await outcome(of: page.load(html: "<body><p id='lake'>Baikal</p>"))
        #expect(try await page.callJavaScript("return window.startSawBody") as? Bool == false)
        #expect(try await page.callJavaScript("return window.endSawLake") as? Bool == true)
        #expect(try await page.callJavaScript("return typeof window.isolated") as? String == "undefined")
        #expect(
            try await page.callJavaScript("return window.isolated", contentWorld: .world(name: "tools")) as? String
                == "yes")
        #expect(
            try await page.callJavaScript("return getComputedStyle(document.getElementById('lake')).color") as? String
                == "rgb(1, 2, 3)")

        content.removeAllUserScripts()
        content.removeAllUserStyleSheets()
        _ = await outcome(of: page.load(html: "<body><p id='lake'>Tahoe</p>"))
        #expect(try await page.callJavaScript("return typeof window.endSawLake") as? String == "undefined")
        #expect(
            try await page.callJavaScript("return getComputedStyle(document.getElementById('lake')).color") as? String
                != "rgb(1, 2, 3)")
    }

    @Test func urlPatternsLimitWhereAScriptRuns() async throws {
        let content = WKUserContentController()
        content.addUserScript(
            WKUserScript(
                source: "window.marked = true", injectionTime: .atDocumentEnd,
                allowedURLPatterns: ["https://lakes.example/*"], blockedURLPatterns: ["https://lakes.example/private/*"]
            ))
        let page = page(content)
        for (base, expected) in [
            ("https://lakes.example/articles", true), ("https://lakes.example/private/notes", false),
            ("https://other.example/articles", false),
        ] {
            _ = await outcome(of: page.load(html: "<p>x", baseURL: URL(string: base)))
            #expect(try await page.callJavaScript("return window.marked === true") as? Bool == expected, "\(base)")
        }
    }

    @Test func oneWayMessagesArriveWithTheirBodyWorldAndPage() async throws {
        let content = WKUserContentController()
        var messages: [WKScriptMessage] = []
        content.addScriptMessageHandler(name: "sighting") { messages.append($0) }
        let page = page(content)
        let base = URL(string: "https://lakes.example/form")!
        _ = await outcome(of: page.load(html: "<p>form", baseURL: base))
        try await page.callJavaScript(
            "window.webkit.messageHandlers.sighting.postMessage({ lake: 'Tahoe', count: 3, seen: true, tags: ['eagle'] })"
        )
        await until("the message arrived") { !messages.isEmpty }
        let message = try #require(messages.first)
        let body = try #require(message.body as? [String: Any])
        #expect(body["lake"] as? String == "Tahoe")
        #expect((body["count"] as? NSNumber)?.intValue == 3)
        #expect(body["seen"] as? Bool == true)
        #expect(body["tags"] as? [String] == ["eagle"])
        #expect(message.name == "sighting")
        #expect(message.world == .page)
        #expect(message.url == base)
        #expect(message.origin == "https://lakes.example")
    }

    @Test func replyHandlersResolveAndReject() async throws {
        let content = WKUserContentController()
        content.addScriptMessageHandlerWithReply(name: "depth") { message in
            guard let lake = message.body as? String else { throw JavaScriptError.invalidArgument("not a name") }
            guard lake == "Baikal" else { throw LakeNotFound(name: lake) }
            try await Task.sleep(for: .milliseconds(10))
            return ["lake": lake, "metres": 1642]
        }
        let page = page(content)
        _ = await outcome(of: page.load(html: "<p>ask"))
        let answer = try await page.callJavaScript(
            "return await window.webkit.messageHandlers.depth.postMessage('Baikal')")
        #expect((answer as? [String: Any])?["metres"] as? Int == 1642)
        let rejection = try await page.callJavaScript(
            "try { await window.webkit.messageHandlers.depth.postMessage('Atlantis'); return 'resolved' } catch (e) { return String(e) }"
        )
        #expect((rejection as? String)?.contains("no lake called Atlantis") == true, "\(String(describing: rejection))")
    }

    struct LakeNotFound: Error, CustomStringConvertible {
        let name: String
        var description: String { "no lake called \(name)" }
    }

    @Test func tenThousandMessagesInABurstAllArriveInOrder() async throws {
        let content = WKUserContentController()
        var received: [Int] = []
        content.addScriptMessageHandler(name: "count") { received.append(($0.body as? NSNumber)?.intValue ?? -1) }
        let page = page(content)
        _ = await outcome(of: page.load(html: "<p>burst"))
        try await page.callJavaScript(
            "for (let i = 0; i < 10000; i++) window.webkit.messageHandlers.count.postMessage(i)")
        await until("all messages arrived") { received.count == 10000 }
        #expect(received == Array(0..<10000))
    }

    @Test func malformedAndHugeMessagesAreHandledWithoutACrash() async throws {
        let content = WKUserContentController()
        var bodies: [Any] = []
        content.addScriptMessageHandler(name: "any") { bodies.append($0.body) }
        let page = page(content)
        _ = await outcome(of: page.load(html: "<p>odd"))
        try await page.callJavaScript(
            """
            const cyclic = {}; cyclic.self = cyclic;
            for (const odd of [cyclic, () => 1, Symbol('x'), undefined, 'x'.repeat(8 * 1024 * 1024), 'last'])
                try { window.webkit.messageHandlers.any.postMessage(odd) } catch (e) {}
            """)
        await until("the last message arrived") { bodies.contains { $0 as? String == "last" } }
        #expect(bodies.contains { ($0 as? String)?.count == 8 * 1024 * 1024 })
        #expect(try await page.callJavaScript("return 1 + 1") as? Int == 2)
    }

    /// Found by fuzzing (`fuzz/message-body`): a NUL character cut a string body short, and
    /// its echo; a lone surrogate cut a string body short, and had a message holding one in
    /// an array refused. Swift holds a lone surrogate as U+FFFD; everything else crosses whole.
    @Test func nulCharactersAndLoneSurrogatesCrossInBothDirections() async throws {
        let content = WKUserContentController()
        var bodies: [Any] = []
        content.addScriptMessageHandlerWithReply(name: "echo") { message in
            bodies.append(message.body)
            return message.body
        }
        let page = page(content)
        _ = await outcome(of: page.load(html: "<p>echo"))
        let echoes = try await page.callJavaScript(
            """
            const echo = body => window.webkit.messageHandlers.echo.postMessage(body);
            return [await echo('a\\0b'), await echo('\\ud800Baikal'), JSON.stringify(await echo(['x\\udc93', 9]))]
            """)
        #expect(bodies.count == 3)
        #expect(bodies.first as? String == "a\0b")
        #expect(bodies.dropFirst().first as? String == "\u{FFFD}Baikal")
        #expect((bodies.last as? [Any])?.first as? String == "x\u{FFFD}")
        #expect(echoes as? [String] == ["a\0b", "\u{FFFD}Baikal", "[\"x\u{FFFD}\",9]"])
    }

    /// A string body crosses whole, short or long, as a call's string result does, and so
    /// does the reply made of it.
    @Test func stringBodiesAndTheirRepliesCrossWhole() async throws {
        let content = WKUserContentController()
        var bodies: [String] = []
        content.addScriptMessageHandlerWithReply(name: "echo") { message in
            bodies.append(message.body as? String ?? "not a string")
            return message.body
        }
        let page = page(content)
        _ = await outcome(of: page.load(html: "<p>echo"))
        let echoes = try await page.callJavaScript(
            """
            const echoes = [];
            for (const body of \(StringSamples.javaScriptArray))
                echoes.push(await window.webkit.messageHandlers.echo.postMessage(body));
            return echoes
            """)
        let expected = StringSamples.samples.map(\.swift)
        #expect(bodies == expected)
        #expect(echoes as? [String] == expected)
    }

    @Test func aHandlerLimitedToLakesIgnoresOtherOrigins() async throws {
        let server = try TestHTTPServer { _ in .html(html(title: "Loopback")) }
        let content = WKUserContentController()
        var messages: [WKScriptMessage] = []
        content.addScriptMessageHandler(name: "only", allowedOrigins: ["lakes:"]) { messages.append($0) }
        content.addScriptMessageHandlerWithReply(name: "onlyReply", allowedOrigins: ["lakes:"]) { _ in "answered" }
        var configuration = WebPage.Configuration(userContentController: content)
        configuration.urlSchemeHandlers[URLScheme("lakes")!] = FixedHandler.html(["<p>lakes page"])
        let page = WebPage(configuration: configuration)

        _ = await outcome(of: page.load(server.url("/page")))
        try await page.callJavaScript("window.webkit.messageHandlers.only.postMessage('from loopback')")
        let refused = try await page.callJavaScript(
            "try { return await window.webkit.messageHandlers.onlyReply.postMessage(1) } catch (e) { return 'refused' }"
        )
        #expect(refused as? String == "refused")

        _ = await outcome(of: page.load(URL(string: "lakes://app/page")))
        try await page.callJavaScript("window.webkit.messageHandlers.only.postMessage('from lakes')")
        await until("the lakes message arrived") { !messages.isEmpty }
        #expect(messages.map { $0.body as? String } == ["from lakes"])
        let answered = try await page.callJavaScript(
            "return await window.webkit.messageHandlers.onlyReply.postMessage(1)")
        #expect(answered as? String == "answered")
    }

    @Test func aHandlerLimitedToOriginsAnswersItsPageAsAnyOtherHandlerDoes() async throws {
        let content = WKUserContentController()
        var bodies: [String: [String]] = [:]
        for (name, origins) in [("open", nil), ("limited", ["lakes:"])] as [(String, Set<String>?)] {
            content.addScriptMessageHandler(name: name, allowedOrigins: origins) {
                bodies[name, default: []].append("\($0.body) \(type(of: $0.body))")
            }
            content.addScriptMessageHandlerWithReply(name: name + "Reply", allowedOrigins: origins) { message in
                if message.body as? String == "fail" { throw LakeNotFound(name: "Atlantis") }
                return message.body
            }
        }
        var configuration = WebPage.Configuration(userContentController: content)
        configuration.urlSchemeHandlers[URLScheme("lakes")!] = FixedHandler.html(["<p>lakes page"])
        let page = WebPage(configuration: configuration)
        _ = await outcome(of: page.load(URL(string: "lakes://app/page")))
        var answers: [String: String] = [:]
        for name in ["open", "limited"] {
            answers[name] = try await page.evaluateForTesting(
                """
                const handler = window.webkit.messageHandlers.\(name), asked = window.webkit.messageHandlers.\(name)Reply;
                const seen = [typeof handler, typeof handler.postMessage, String(handler.postMessage('first'))];
                for (const body of ['s', 1.5, true, null, [1, 'a'], { a: { b: 2 } }, new Date(0), undefined, () => 1]) {
                  try { handler.postMessage(body); seen.push('posted') } catch (e) { seen.push('threw ' + e) }
                }
                for (const body of ['s', 2, [1], { k: 'v' }, 'fail']) {
                  try { seen.push(await asked.postMessage(body)) }
                  catch (e) { seen.push([typeof e, e instanceof Error, String(e)]) }
                }
                return seen
                """)
        }
        await until("both handlers received every message") {
            bodies["open"]?.count == 8 && bodies["limited"]?.count == 8
        }
        #expect(answers["limited"] == answers["open"])
        #expect(bodies["limited"] == bodies["open"])
        #expect(answers["open"]?.contains("no lake called Atlantis") == true)
    }

    @Test func aHandlerLimitedToOriginsNamesTheFrameThatPosted() async throws {
        let server = try TestHTTPServer { request in
            request.path == "/frame"
                ? .html("<script>window.webkit.messageHandlers.only.postMessage('frame')</script>")
                : .html("<script>window.webkit.messageHandlers.only.postMessage('page')</script><iframe src='/frame'>")
        }
        let content = WKUserContentController()
        var messages: [WKScriptMessage] = []
        content.addScriptMessageHandler(name: "only", allowedOrigins: ["http://127.0.0.1:\(server.port)"]) {
            messages.append($0)
        }
        let page = WebPage(configuration: WebPage.Configuration(userContentController: content))
        _ = await outcome(of: page.load(server.url("/page")))
        await until("both messages arrived") { messages.count == 2 }
        let page0 = try #require(messages.first { $0.body as? String == "page" })
        let frame = try #require(messages.first { $0.body as? String == "frame" })
        #expect(page0.frameInfo.isMainFrame)
        #expect(page0.url == server.url("/page"))
        #expect(!frame.frameInfo.isMainFrame)
        #expect(frame.url == server.url("/frame"))
        #expect(frame.frameInfo.securityOrigin.port == Int(server.port))
    }

    @Test func aRemovedHandlerNoLongerExistsInThePage() async throws {
        let content = WKUserContentController()
        content.addScriptMessageHandler(name: "gone") { _ in }
        let page = page(content)
        _ = await outcome(of: page.load(html: "<p>x"))
        #expect(
            try await page.callJavaScript("return typeof window.webkit.messageHandlers.gone") as? String == "object")
        content.removeScriptMessageHandler(forName: "gone")
        _ = await outcome(of: page.load(html: "<p>y"))
        // With no handler left, WebKit drops window.webkit altogether.
        #expect(
            try await page.callJavaScript("return typeof window.webkit?.messageHandlers?.gone") as? String
                == "undefined")
    }
}
