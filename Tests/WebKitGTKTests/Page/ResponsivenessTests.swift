import Foundation
import GLibBridge
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct ResponsivenessTests {
    @Test func fiftyEndedWebProcessesInARowLeaveAPageThatLoadsAndScrolls() async throws {
        let paragraphs = (1...80).map { "<p id='p\($0)'>Paragraph \($0) of the shore.</p>" }.joined()
        let server = try TestHTTPServer { request in .html("<title>Shore \(request.path)</title>\(paragraphs)") }
        let page = WebPage()
        let window = TestWindow(showing: WebView(page))
        defer { window.close() }
        for round in 1...50 {
            // A load in flight or a page at rest, in turn, when the process ends.
            let load = page.load(server.url("/round\(round)"))
            if round.isMultiple(of: 2) {
                let loaded = await outcome(of: load)
                try #require(loaded.error == nil, "round \(round): \(String(describing: loaded.error))")
                page.terminateWebContentProcess()
            } else {
                page.terminateWebContentProcess()
                let crashed = await outcome(of: load)
                if let error = crashed.error {
                    guard case .webContentProcessTerminated = try #require(crashed.navigationError) else {
                        Issue.record("round \(round): \(error)")
                        return
                    }
                }
            }
        }
        let last = await outcome(of: page.load(server.url("/after")))
        #expect(last.error == nil)
        #expect(page.title == "Shore /after")
        try await page.scroll(to: ScrollPosition(y: 600))
        await until("the page scrolled") { page.scrollGeometry?.contentOffset.y == 600 }
        #expect(page.isWebContentProcessResponsive)
    }

    @Test func aPageStuckInALoopIsReportedWhileTheAppGoesOnAndStoppingItLetsItReload() async throws {
        let server = try TestHTTPServer { _ in .html("<title>Busy</title><p>Busy</p>") }
        let page = WebPage()
        let window = TestWindow(showing: WebView(page))
        defer { window.close() }
        let loaded = await outcome(of: page.load(server.url("/busy")))
        #expect(loaded.error == nil)
        #expect(page.isWebContentProcessResponsive)
        var reported: [Bool] = []
        let follower = ObservationLoop(read: { page.isWebContentProcessResponsive }) { reported.append($0) }
        defer { follower.stop() }

        // The page says so as it starts the loop (a message leaves before the loop begins);
        // the key press then starts WebKit's clock.
        var looping = false
        page.configuration.userContentController.addScriptMessageHandler(name: "looping") { _ in looping = true }
        try await page.callJavaScript(
            "setTimeout(() => { window.webkit.messageHandlers.looping.postMessage(1); for (;;) {} }, 200)")
        await until("the page is in its loop") { looping }
        let navigations = page.navigations
        pressDownKey(in: page)
        // The main loop keeps running while the page hangs: count its turns and the longest
        // gap between two of them.
        let clock = ContinuousClock()
        var turns = 0
        var last = clock.now
        var longestGap = Duration.zero
        while page.isWebContentProcessResponsive, turns < 3000 {
            try await Task.sleep(for: .milliseconds(10))
            longestGap = max(longestGap, clock.now - last)
            last = clock.now
            turns += 1
        }
        print("ResponsivenessTests: unresponsive after \(turns) turns of the main loop; longest gap \(longestGap)")
        #expect(!page.isWebContentProcessResponsive)
        await until("observers heard of it") { reported == [true, false] }
        #expect(turns > 10, "the app's main loop kept turning while the page hung")

        page.terminateWebContentProcess()
        do {
            for try await _ in navigations {}
            Issue.record("the navigations sequence ended without the termination")
        } catch WebPage.NavigationError.webContentProcessTerminated {
        } catch {
            Issue.record("expected webContentProcessTerminated, got \(error)")
        }
        let reloaded = await outcome(of: page.reload())
        #expect(reloaded.error == nil)
        #expect(page.title == "Busy")
        await until("the new process answers") { page.isWebContentProcessResponsive }
        #expect(try await page.callJavaScript("return document.title") as? String == "Busy")
    }
}
