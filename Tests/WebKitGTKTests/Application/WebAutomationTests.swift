import CWebKitGTK
import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

/// What a page is like when a WebDriver client drives it. Whole sessions through
/// `WebKitWebDriver` are tested on the Lakes app (Tests/Integration).
@MainActor
@Suite(.serialized)
struct WebAutomationTests {
    private func automatedPage(presenter: (any WebPage.DialogPresenting)? = nil) -> WebPage {
        var configuration = WebPage.Configuration()
        configuration.isControlledByAutomation = true
        return WebPage(configuration: configuration, dialogPresenter: presenter)
    }

    @Test func scriptsSeeWhetherAutomationControlsThePage() async throws {
        let automated = automatedPage()
        _ = await outcome(of: automated.load(html: "<p>driven"))
        #expect(try await automated.evaluateForTesting("return navigator.webdriver") == "true")
        let plain = WebPage()
        _ = await outcome(of: plain.load(html: "<p>not driven"))
        #expect(try await plain.evaluateForTesting("return navigator.webdriver") == "false")
    }

    @Test func scriptDialogsOfAnAutomatedPageAreLeftToTheClient() async throws {
        let presenter = ScriptedPresenter()
        let page = automatedPage(presenter: presenter)
        // The alert stops the page's script until a client answers it, so nothing here waits
        // on the page: not the load, not a script.
        let load = page.load(html: "<script>alert('For the client')</script>")
        await never("the alert reaches the presenter", within: .milliseconds(500)) { !presenter.alerts.isEmpty }
        #expect(presenter.alerts.isEmpty)
        #expect(page.isLoading)  // the alert still waits for its answer
        page.close()
        _ = await outcome(of: load)
    }

    @Test func aRequestToCloseReachesTheApp() async throws {
        let page = WebPage()
        var requests = 0
        page.onCloseRequest = { requests += 1 }
        _ = await outcome(of: page.load(html: "<p>closing"))
        // What a WebDriver "Close Window" does: ask the page, which may refuse in beforeunload.
        webkit_web_view_try_close(UnsafeMutablePointer(page.engineObjectForTesting))
        await until("the close request arrived") { requests == 1 }
        #expect(!page.isClosed)  // closing is the app's to do
    }

    @Test func onlyOneDataStoreCanBeAutomated() {
        let first = WebAutomation(dataStore: .nonPersistent(), browserName: "test", browserVersion: "1.0") { _ in nil }
        #expect(first.isAllowed)
        let second = WebAutomation(dataStore: .nonPersistent(), browserName: "test", browserVersion: "1.0") { _ in nil }
        #expect(!second.isAllowed)
        #expect(first.sessionIDs.isEmpty)
    }

    @Test(arguments: [
        ("0.1.0", [0, 1, 0]), ("2", [2, 0, 0]), ("1.2.3.4", [1, 2, 3]), ("1.x", [1, 0, 0]), ("", [0, 0, 0]),
        ("3.10-beta", [3, 10, 0]),
    ])
    func versionsAreReportedAsThreeNumbers(_ version: String, _ numbers: [Int]) {
        #expect(WebAutomation.versionNumbers(version) == numbers)
    }
}
