import Foundation
import FoundationNetworking
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct URLSchemeHandlerTests {
    private func page(_ handlers: [String: any URLSchemeHandler]) -> WebPage {
        var configuration = WebPage.Configuration()
        for (name, handler) in handlers { configuration.urlSchemeHandlers[URLScheme(name)!] = handler }
        return WebPage(configuration: configuration)
    }

    @Test func theResponseAndItsChunksArriveInOrder() async throws {
        let page = page([
            "chunks": FixedHandler.html(["<title>Chunks</title>", "<p>one</p>", "<p>two</p>", "<p>three</p>"])
        ])
        let result = await outcome(of: page.load(URL(string: "chunks://host/page")))
        #expect(result.error == nil)
        #expect(result.events == [.startedProvisionalNavigation, .committed, .finished])
        let text = try await page.evaluateForTesting("return document.body.textContent")
        #expect(text == "\"onetwothree\"")
        await until("the title") { page.title == "Chunks" }
    }

    @Test func everyNewEphemeralStoreServesTheScheme() async throws {
        // Each store has a web context of its own, freed with its last page; a new one can
        // be made at the same address, and it must have the scheme too.
        for round in 1...12 {
            var configuration = WebPage.Configuration(websiteDataStore: .nonPersistent())
            configuration.urlSchemeHandlers[URLScheme("fresh")!] = FixedHandler.html(["<title>Round \(round)</title>"])
            let page = WebPage(configuration: configuration)
            let result = await outcome(of: page.load(URL(string: "fresh://host/page")))
            #expect(result.error == nil, "round \(round): \(String(describing: result.error))")
            #expect(page.title == "Round \(round)")
            page.close()
        }
    }

    @Test(arguments: [("utf-8", String.Encoding.utf8), ("iso-8859-1", .isoLatin1)])
    func theResponsesTextEncodingDecodesTheBody(name: String, encoding: String.Encoding) async throws {
        let text = "Zürich · Genève"
        let page = page([
            "text": FixedHandler { request in
                [
                    .response(
                        URLResponse(
                            url: request.url!, mimeType: "text/html", expectedContentLength: -1, textEncodingName: name)
                    ),
                    .data("<p>\(text)</p>".data(using: encoding)!),
                ]
            }
        ])
        _ = await outcome(of: page.load(URL(string: "text://host/page")))
        let shown = try await page.callJavaScript("return [document.characterSet, document.body.textContent]")
        #expect(shown as? [String] == [name == "utf-8" ? "UTF-8" : "windows-1252", text])
    }

    /// A 256 MiB body is produced only as WebKit reads it: at no moment has the handler
    /// made more than a few chunks beyond what WebKit took. (The memory of each process is
    /// measured against a raw C program by bench/run.)
    @Test func a256MiBResponseStreamsWithoutRunningAhead() async throws {
        let chunkSize = 64 << 10
        let handler = GeneratedHandler(chunkSize: chunkSize, count: 4096)
        let page = page(["big": handler])
        _ = await outcome(of: page.load(html: "<p>big", baseURL: URL(string: "big://host/")))
        var furthestAhead = 0
        var samples = 0
        let sampler = Task { @MainActor in
            while !Task.isCancelled {
                let read = Int(PageRouter.bytesReadByWebKitForTesting)
                if read > 0 {
                    furthestAhead = max(furthestAhead, handler.probe.chunksSent * chunkSize - read)
                    samples += 1
                }
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
        let total = try await page.evaluateForTesting(
            """
            const reader = (await fetch('big://host/blob')).body.getReader();
            let total = 0;
            for (;;) { const { done, value } = await reader.read(); if (done) break; total += value.length; }
            return total;
            """)
        sampler.cancel()
        #expect(total == String(256 << 20))
        #expect(handler.probe.chunksSent == 4096)
        #expect(samples > 10)
        #expect(furthestAhead <= 3 * chunkSize, "ran \(furthestAhead) bytes ahead of WebKit")
    }

    /// While the page is too busy to take a body in, WebKit reads only a bounded window of
    /// it: WebKitGTK itself would read the whole 64 MiB at once and queue it in messages to
    /// the web process. The page then still gets every byte.
    @Test func aBusyPageHoldsBackTheStreamInsteadOfQueueingIt() async throws {
        let chunkSize = 64 << 10
        let handler = GeneratedHandler(chunkSize: chunkSize, count: 1024)
        let page = page(["busy": handler])
        _ = await outcome(of: page.load(html: "<p>busy", baseURL: URL(string: "busy://host/")))
        var readWhileBusy: UInt64 = 0
        let sampler = Task { @MainActor in
            await until("WebKit began reading") { PageRouter.bytesReadByWebKitForTesting > 0 }
            // The page is busy for 2 s from its first chunk: sample the first second of it.
            let end = ContinuousClock.now + .seconds(1)
            while ContinuousClock.now < end {
                readWhileBusy = max(readWhileBusy, PageRouter.bytesReadByWebKitForTesting)
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
        let total = try await page.evaluateForTesting(
            """
            const reader = (await fetch('busy://host/blob')).body.getReader();
            let total = (await reader.read()).value.length;
            const end = performance.now() + 2000;
            while (performance.now() < end) {}
            for (;;) { const { done, value } = await reader.read(); if (done) break; total += value.length; }
            return total;
            """)
        await sampler.value
        #expect(total == String(64 << 20))
        #expect(readWhileBusy > 0)
        #expect(
            readWhileBusy <= Pacer.window + Pacer.step + UInt64(2 * chunkSize),
            "WebKit read \(readWhileBusy) bytes while the page was busy")
    }

    enum Abandonment: String, CaseIterable, Sendable {
        case navigatingAway, stopping, closing
    }

    /// The two shapes of a handler that streams without end: an iterator of its own, and an
    /// `AsyncThrowingStream` that a task fills, as Apple's sample's shape.
    enum EndlessShape: String, CaseIterable, Sendable {
        case iterator, stream
    }

    /// However WebKit abandons a load mid-stream, the handler's task is cancelled and its
    /// sequence released, and it makes nothing more.
    @Test(arguments: Abandonment.allCases, EndlessShape.allCases)
    func abandoningALoadMidStreamCancelsTheHandlersTask(_ way: Abandonment, _ shape: EndlessShape) async throws {
        let probe: HandlerProbe
        let handler: any URLSchemeHandler
        switch shape {
        case .iterator:
            let generated = GeneratedHandler(
                chunkSize: 4096, count: nil, interval: .milliseconds(5), mimeType: "text/plain")
            (probe, handler) = (generated.probe, generated)
        case .stream:
            let stream = EndlessStreamHandler()
            (probe, handler) = (stream.probe, stream)
        }
        let page = page(["endless": handler])
        page.load(URL(string: "endless://host/stream"))
        await until("some chunks were sent") { probe.chunksSent > 5 }
        switch way {
        case .navigatingAway: page.load(html: "<p>elsewhere")
        case .stopping: page.stopLoading()
        case .closing: page.close()
        }
        await until("the handler's iteration ended") { probe.ended }
        #expect(probe.cancelled)
        let sent = probe.chunksSent
        await never("the handler sends another chunk", within: .milliseconds(100)) { probe.chunksSent != sent }
        #expect(probe.chunksSent == sent)
    }

    /// A stream that makes its elements in a closure (`init(unfolding:)`) is iterated by its
    /// own iterator, so the closure never runs on the main thread.
    @Test func anUnfoldingStreamsClosureRunsOffTheMainThread() async throws {
        let handler = UnfoldingHandler()
        let page = page(["unfolding": handler])
        let result = await outcome(of: page.load(URL(string: "unfolding://host/page")))
        #expect(result.events.last == .finished)
        #expect(page.title == "Unfolded")
        #expect(try await page.callJavaScript("return document.body.textContent") as? String == "onetwo")
        #expect(handler.probe.calls == 5, "the response, three chunks and the end")
        #expect(handler.probe.onMainThread == 0)
    }

    @Test func onlyAStreamMadeWithAContinuationCountsAsBuffered() {
        #expect(AsyncThrowingStream<Int, any Error> { $0.finish() }.isBuffered)
        #expect(AsyncThrowingStream<Int, any Error>.makeStream().stream.isBuffered)
        #expect(!AsyncThrowingStream<Int, any Error>(unfolding: { nil }).isBuffered)
        // Each type of stream has its layout read once; streams of either kind then read by it.
        for _ in 0..<2 {
            #expect(
                AsyncThrowingStream<String, any Error>(bufferingPolicy: .bufferingNewest(1)) { $0.finish() }.isBuffered)
            #expect(!AsyncThrowingStream<String, any Error>(unfolding: { "a" }).isBuffered)
            #expect(AsyncThrowingStream<String, any Error>(bufferingPolicy: .bufferingOldest(0)) { _ in }.isBuffered)
        }
    }

    /// The streams handlers answer with are read by their layout, not counted as unbuffered
    /// because the standard library's parts were not found; a type without those parts has none.
    @Test func aHandlersStreamHasAKnownLayout() throws {
        let layout = try #require(StreamLayout.of(AsyncThrowingStream<URLSchemeTaskResult, any Error>.self))
        #expect(layout.context >= 0 && layout.storage > 0)
        #expect(StreamLayout.of(Int.self) == nil)
    }

    @Test func closingThePageCancelsAHandlerThatHasNotResponded() async throws {
        let probe = HandlerProbe()
        let silent = FixedHandlerNeverResponding(probe: probe)
        let page = page(["silent": silent])
        page.load(URL(string: "silent://host/"))
        await until("the handler was asked") { !probe.requests.isEmpty }
        page.close()
        await until("the handler's sequence ended") { probe.ended }
        #expect(probe.cancelled)
    }

    @Test func pagesOfTheSchemeCanFetchEachOtherAcrossHosts() async throws {
        let handler = EchoHandler()
        let page = page(["echo": handler])
        _ = await outcome(of: page.load(html: "<p>a", baseURL: URL(string: "echo://first-host/")))
        let json = try await page.evaluateForTesting(
            """
            const response = await fetch('echo://second-host/data', { method: 'POST', body: 'across' });
            return [window.isSecureContext, response.status, (await response.json()).body];
            """)
        #expect(json == #"[true,200,"across"]"#)
    }

    @Test func anErrorBeforeTheResponseFailsTheNavigationProvisionally() async throws {
        let page = page(["fails": FailingHandler(afterResponse: false)])
        let result = await outcome(of: page.load(URL(string: "fails://host/")))
        guard case .failedProvisionalNavigation(let error) = try #require(result.navigationError) else {
            Issue.record("expected failedProvisionalNavigation, got \(String(describing: result.error))")
            return
        }
        #expect(String(describing: error).contains("the handler failed on purpose"))
        #expect(!result.events.contains(.finished))
    }

    @Test func anErrorAfterTheResponseFailsTheCommittedLoad() async throws {
        let page = page(["fails": FailingHandler(afterResponse: true)])
        let result = await outcome(of: page.load(URL(string: "fails://host/")))
        #expect(result.events.contains(.committed))
        #expect(!result.events.contains(.finished))
        let error = try #require(result.error)
        #expect(!(error is WebPage.NavigationError))
        #expect(String(describing: error).contains("the handler failed on purpose"))
    }

    @Test(arguments: [
        ("data first", [URLSchemeTaskResult.data(Data("x".utf8))], "data before its response"),
        ("no response", [], "without a response"),
    ])
    func aHandlerThatBreaksTheProtocolFailsWithAClearError(
        _ name: String, _ results: [URLSchemeTaskResult], _ message: String
    ) async throws {
        let page = page(["broken": FixedHandler { _ in results }])
        let result = await outcome(of: page.load(URL(string: "broken://host/")))
        guard case .failedProvisionalNavigation(let error) = try #require(result.navigationError) else {
            Issue.record("expected failedProvisionalNavigation for \(name)")
            return
        }
        #expect(String(describing: error).contains(message))
    }

    @Test func aSecondResponseFailsTheLoad() async throws {
        let page = page([
            "twice": FixedHandler { request in
                [
                    .response(okResponse(request.url!, mimeType: "text/html")), .data(Data("<p>a".utf8)),
                    .response(okResponse(request.url!, mimeType: "text/html")),
                ]
            }
        ])
        let result = await outcome(of: page.load(URL(string: "twice://host/")))
        #expect(String(describing: try #require(result.error)).contains("second response"))
    }

    @Test func aFetchPostArrivesWithItsHeadersAndBody() async throws {
        let handler = EchoHandler()
        let page = page(["echo": handler])
        _ = await outcome(of: page.load(html: "<p>form", baseURL: URL(string: "echo://host/")))
        let json = try await page.evaluateForTesting(
            """
            const response = await fetch('echo://host/submit', {
                method: 'POST', headers: { 'X-Lakes-Test': 'yes', 'Content-Type': 'text/plain' },
                body: 'name=Tahoe&depth=501' });
            return await response.json();
            """)
        let echo = try JSONDecoder().decode([String: String].self, from: Data(try #require(json).utf8))
        #expect(echo == ["method": "POST", "header": "yes", "body": "name=Tahoe&depth=501"])
        #expect(handler.probe.requests.first?.url == URL(string: "echo://host/submit"))
    }

    @Test func aFetchGetArrivesAsAGetWithItsHeaders() async throws {
        let page = page(["echo": EchoHandler()])
        _ = await outcome(of: page.load(html: "<p>form", baseURL: URL(string: "echo://host/")))
        let json = try await page.evaluateForTesting(
            """
            const response = await fetch('echo://host/read', { headers: { 'X-Lakes-Test': 'plain' } });
            return await response.json();
            """)
        let echo = try JSONDecoder().decode([String: String].self, from: Data(try #require(json).utf8))
        #expect(echo == ["method": "GET", "header": "plain", "body": ""])
    }

    @Test func pagesWithDifferentHandlersForOneSchemeEachGetTheirOwn() async throws {
        let first = page(["shared": FixedHandler.html(["<title>First</title>"])])
        let second = page(["shared": FixedHandler.html(["<title>Second</title>"])])
        _ = await outcome(of: first.load(URL(string: "shared://host/")))
        _ = await outcome(of: second.load(URL(string: "shared://host/")))
        await until("both titles") { first.title == "First" && second.title == "Second" }
    }

    @Test func aPageWithoutAHandlerForARegisteredSchemeGetsAnError() async throws {
        _ = page(["onlymine": FixedHandler.html(["<p>mine"])])
        let other = WebPage()
        let result = await outcome(of: other.load(URL(string: "onlymine://host/")))
        guard case .failedProvisionalNavigation(let error) = try #require(result.navigationError) else {
            Issue.record("expected failedProvisionalNavigation, got \(String(describing: result.error))")
            return
        }
        #expect(String(describing: error).contains("no URL scheme handler"))
    }

    @Test(arguments: ["lakes", "LAKES", "x-app", "my.app+v2", "a"])
    func validSchemeNamesAreAccepted(_ name: String) {
        #expect(URLScheme(name)?.rawValue == name.lowercased())
    }

    @Test(arguments: [
        "http", "HTTPS", "ws", "wss", "ftp", "file", "about", "data", "blob", "javascript", "", "1abc", "-x",
        "has space", "colon:", "slash/", "ünïcode",
    ])
    func builtInAndInvalidSchemeNamesAreRefused(_ name: String) {
        #expect(URLScheme(name) == nil)
    }
}
