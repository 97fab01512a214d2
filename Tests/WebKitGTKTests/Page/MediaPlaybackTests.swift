import CWebKitGTK
import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

/// Playback of a generated tone, in a page shown in a window (WebKitGTK loads no media in
/// a page that is not in a real window).
@MainActor
@Suite(.serialized)
struct MediaPlaybackTests {
    private let tone = toneDataURL()

    /// The tone; WebKitGTK's default policy lets only muted media autoplay.
    private func tonePage(autoplay: Bool = false) -> String {
        "<audio id=tone loop \(autoplay ? "autoplay muted" : "") src='\(tone)'></audio>"
    }

    /// Where the tone is, and whether it is paused.
    private func toneState(_ page: WebPage) async throws -> (time: Double, paused: Bool) {
        let values = try #require(
            try await page.callJavaScript("const t = document.getElementById('tone'); return [t.currentTime, t.paused]")
                as? [Any])
        return (try #require((values.first as? NSNumber)?.doubleValue), try #require(values.last as? Bool))
    }

    /// Waits until the tone has played a fifth of a second further.
    private func waitForTheToneToAdvance(_ page: WebPage) async throws {
        let start = try await toneState(page).time
        await until("the tone advances") { ((try? await toneState(page).time) ?? start) > start + 0.2 }
    }

    /// Whether the tone stays where it is and paused while the page's script runs
    /// `attempt` and then waits a while.
    private func staysHeld(_ page: WebPage, attempt: String = "") async throws -> Bool {
        let held = try await page.callJavaScript(
            """
            const tone = document.getElementById('tone');
            const before = tone.currentTime;
            \(attempt)
            await new Promise(resolve => setTimeout(resolve, 400));
            return tone.paused && tone.currentTime - before < 0.1;
            """)
        return held as? Bool == true
    }

    @Test func aPageWithoutMediaHasNone() async throws {
        let page = WebPage()
        let shown = ShownPage(page)
        defer { shown.close() }
        _ = await outcome(of: page.load(html: "<p>quiet"))
        #expect(await page.mediaPlaybackState() == .none)
    }

    @Test func playingMediaIsReportedAndPaused() async throws {
        let page = WebPage()
        let shown = ShownPage(page)
        defer { shown.close() }
        _ = await outcome(of: page.load(html: tonePage()))
        #expect(await page.mediaPlaybackState() == .paused)

        try await page.callJavaScript("await document.getElementById('tone').play()")
        await until("the tone plays") { await page.mediaPlaybackState() == .playing }
        try await waitForTheToneToAdvance(page)

        await page.pauseAllMediaPlayback()
        #expect(try await toneState(page).paused)
        #expect(await page.mediaPlaybackState() == .paused)
        #expect(try await staysHeld(page))
    }

    @Test func suspendedMediaDoesNotPlayUntilTheSuspensionIsLifted() async throws {
        let page = WebPage()
        let shown = ShownPage(page)
        defer { shown.close() }
        _ = await outcome(of: page.load(html: tonePage(autoplay: true)))
        await until("the tone autoplays") { await page.mediaPlaybackState() == .playing }

        await page.setAllMediaPlaybackSuspended(true)
        #expect(await page.mediaPlaybackState() == .suspended)
        #expect(try await toneState(page).paused)
        #expect(webkit_web_view_get_is_muted(page.webView) != 0)

        // The page's own attempt to play is held.
        #expect(try await staysHeld(page, attempt: "await tone.play().catch(() => {});"))
        #expect(await page.mediaPlaybackState() == .suspended)

        // So is the autoplay of a document loaded while suspended.
        _ = await outcome(of: page.load(html: tonePage(autoplay: true)))
        #expect(try await staysHeld(page))
        #expect(await page.mediaPlaybackState() == .suspended)

        // Lifting the suspension plays what it held.
        await page.setAllMediaPlaybackSuspended(false)
        await until("the tone plays again") { await page.mediaPlaybackState() == .playing }
        try await waitForTheToneToAdvance(page)
        #expect(webkit_web_view_get_is_muted(page.webView) == 0)
    }
}
