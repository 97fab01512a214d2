import CWebKitGTK
import Foundation
import TestSupport
import Testing
import WebKitGTK
import WebKitGTKTesting

@testable import GTK
@testable import LakesApp

/// Hostile pages served from loopback, against Lakes' own rules: which links reach the
/// browser, how its dialogs can be silenced, what it saves, and how a reader leaves.
@MainActor
@Suite(.serialized)
struct LakesHostilePageTests {
    private func report(_ test: String, _ figures: String) {
        print("LakesHostilePageTests: \(test): \(figures)")
    }

    /// A page with Lakes' navigation decider, handing links to `opener`, and its warnings.
    private func page(_ opener: ExternalOpener, downloads: URL? = nil) -> (WebPage, LakesNavigationDecider) {
        var configuration = WebPage.Configuration()
        configuration.downloadsDirectory = downloads
        let decider = LakesNavigationDecider(opener: opener)
        let page = WebPage(configuration: configuration, navigationDecider: decider)
        decider.page = page
        return (page, decider)
    }

    /// A page of one loopback server that attacks with links to another.
    private func servers(attack: @escaping @Sendable (URL) -> String) throws -> (TestHTTPServer, TestHTTPServer) {
        let elsewhere = try TestHTTPServer { _ in .html(html(title: "Elsewhere")) }
        let target = elsewhere.url("/")
        let attacker = try TestHTTPServer { _ in
            .html(
                html(
                    title: "Storm",
                    body: """
                        <button id="go" style="position: fixed; left: 0; top: 0; width: 400px; height: 300px">Go</button>
                        <form id="form" action="\(target.absoluteString)"></form>
                        <script>
                        const links = (n) => { for (let i = 0; i < n; i++) {
                          const a = document.createElement('a');
                          a.href = '\(target.absoluteString)?link' + i;
                          document.body.append(a);
                          a.click();
                        } };
                        const windows = (n) => { for (let i = 0; i < n; i++) window.open('\(target.absoluteString)?window' + i) };
                        \(attack(target))
                        </script>
                        """))
        }
        return (attacker, elsewhere)
    }

    @Test func aPagesOwnScriptSendsNobodyToTheBrowser() async throws {
        let recorder = try RecordingBrowser()
        let (attacker, elsewhere) = try servers { _ in
            "addEventListener('load', () => { links(1000); for (let i = 0; i < 100; i++) document.getElementById('form').submit() })"
        }
        _ = elsewhere
        let (page, decider) = page(recorder.opener)
        var warnings: [String] = []
        decider.log = { warnings.append($0) }
        let meter = StallMeter()
        decider.willLoad(attacker.url("/storm"))
        _ = await outcome(of: page.load(attacker.url("/storm")))
        await never("the page's own script sends someone to the browser", within: .seconds(2)) {
            !recorder.opened.isEmpty
        }
        let stall = meter.stop()
        report(
            "a page's own script",
            "\(recorder.opened.count) URLs handed to the browser, \(warnings.count) warnings, longest stall \(stall)")
        #expect(recorder.opened.isEmpty)
        #expect(page.url == attacker.url("/storm"))
        #expect(warnings.count <= 5, "the warnings are few: \(warnings)")
        #expect(stall < StallMeter.hostilePageBound)
    }

    @Test func aThousandWindowsOpenedAtOneClickStartTheBrowserOnce() async throws {
        let recorder = try RecordingBrowser()
        let (attacker, elsewhere) = try servers { _ in
            "document.getElementById('go').onclick = () => { windows(1000); links(1000) }"
        }
        _ = elsewhere
        let (page, decider) = page(recorder.opener)
        var warnings: [String] = []
        decider.log = { warnings.append($0) }
        let window = TestWindow(showing: WebView(page))
        defer { window.close() }
        decider.willLoad(attacker.url("/storm"))
        _ = await outcome(of: page.load(attacker.url("/storm")))
        // The click lands on a laid-out, painted page: two animation frames have passed.
        try await page.callJavaScript(
            "await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
        let meter = StallMeter()
        click(in: page, x: 100, y: 100)
        await never("a second URL is handed to the browser", within: .seconds(3)) { recorder.opened.count > 1 }
        let stall = meter.stop()
        report(
            "a thousand windows at one click",
            "\(recorder.opened.count) URLs handed to the browser, \(warnings.count) warnings, longest stall \(stall)")
        #expect(recorder.opened.count == 1)
        #expect(page.url == attacker.url("/storm"))
        #expect(warnings.count <= 5, "the warnings are few: \(warnings)")
        #expect(stall < StallMeter.hostilePageBound)
    }

    @Test func aDialogLoopCanBeSilencedFromItsSecondDialogAndThePageStopped() async throws {
        let server = try TestHTTPServer { _ in
            .html(
                html(
                    title: "Nagging",
                    body:
                        "<script>addEventListener('load', () => setTimeout(() => { for (;;) alert('Stay') }, 0))</script>"
                ))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-nag-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let window = try makeWindow(folder: folder)
        defer { window.window.destroy() }
        let presenter = window.presenter
        window.open(server.url("/nagging"))

        await until("the first dialog is shown") { presenter.presented != nil }
        #expect(presenter.silenceOption == nil, "a page's first dialog is shown as it is")
        gtk_dialog_response(try #require(presenter.presented).cast(), GTK_RESPONSE_OK.rawValue)
        await until("the second dialog is shown") { presenter.presentations == 2 && presenter.presented != nil }
        let silence = try #require(presenter.silenceOption, "the second offers to silence the page")
        silence.isActive = true
        gtk_dialog_response(try #require(presenter.presented).cast(), GTK_RESPONSE_OK.rawValue)

        let meter = StallMeter()
        await never("a dialog is shown once the reader said no more", within: .seconds(1)) {
            presenter.presentations != 2
        }
        #expect(presenter.presentations == 2, "no dialog is shown once the reader said so")
        #expect(presenter.presented == nil)
        let silenced = presenter.silenced

        // The page is still in its loop: the article the reader picks waits, and the window
        // offers to stop the page.
        let tahoe = try #require(window.catalog.article(slug: "tahoe"))
        window.open(tahoe.url)
        await until("the window offers to stop the page") { window.area.showsNotResponding }
        let stall = meter.stop()
        window.area.onStop()
        await until("the crash page is shown") { window.area.showsCrash }
        window.window.activateAction(WindowAction.reload.rawValue)
        await until("the article is shown") {
            window.page.title == tahoe.title && window.page.currentNavigationEvent?.event == .finished
        }
        report(
            "a dialog loop",
            "\(silenced) dialogs answered unseen in the first second, longest stall \(stall)")
        #expect(silenced > 100)
        #expect(!presenter.isSilenced, "the next page's dialogs are shown again")
        #expect(stall < StallMeter.hostilePageBound)
    }

    @Test func aDownloadBombLeavesNothingBehind() async throws {
        let server = try TestHTTPServer { request in
            guard request.path == "/bomb" else {
                return TestHTTPServer.Response(
                    headers: ["Content-Type": "application/octet-stream", "Content-Disposition": "attachment"],
                    body: Data(count: 100_000))
            }
            return .html(
                html(
                    title: "Bomb",
                    body: """
                        <script>addEventListener('load', () => {
                          for (let i = 0; i < 100; i++) {
                            const a = document.createElement('a');
                            a.href = '/file' + i;
                            a.download = 'file' + i;
                            document.body.append(a);
                            a.click();
                            const frame = document.createElement('iframe');
                            frame.src = '/frame' + i;
                            document.body.append(frame);
                          }
                        })</script>
                        """))
        }
        let recorder = try RecordingBrowser()
        let folder = recorder.home.appendingPathComponent("Downloads")
        let (page, decider) = page(recorder.opener, downloads: folder)
        decider.log = { _ in }
        decider.willLoad(server.url("/bomb"))
        _ = await outcome(of: page.load(server.url("/bomb")))
        await never("a download starts", within: .seconds(2)) { !page.downloads.isEmpty }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        report("a download bomb", "\(page.downloads.count) downloads, \(files.count) files")
        #expect(page.downloads.isEmpty)
        #expect(files.isEmpty)
        #expect(recorder.opened.isEmpty)
    }

    @Test func aBeforeUnloadTrapLetsTheReaderMoveOnAndClose() async throws {
        let server = try TestHTTPServer { _ in
            .html(
                html(
                    title: "Trap",
                    body: """
                        <p>Stay</p>
                        <script>addEventListener('beforeunload', (event) => {
                          event.preventDefault();
                          event.returnValue = 'Stay with us';
                        })</script>
                        """))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-trap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let window = try makeWindow(folder: folder)
        window.open(server.url("/trap"))
        await until("the trap is shown") { window.page.title == "Trap" && !window.page.isLoading }
        click(in: window.page, x: 20, y: 20)
        let tahoe = try #require(window.catalog.article(slug: "tahoe"))
        window.open(tahoe.url)
        await until("the article is shown") { window.page.title == tahoe.title }
        #expect(window.presenter.presentations == 0)

        window.open(server.url("/trap"))
        await until("the trap is shown again") { window.page.title == "Trap" && !window.page.isLoading }
        click(in: window.page, x: 20, y: 20)
        window.window.destroy()  // as the close button does
        #expect(!window.isOpen)
        #expect(window.page.isClosed)
    }
}
