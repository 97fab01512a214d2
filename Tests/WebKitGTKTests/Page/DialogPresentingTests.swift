import Foundation
import TestSupport
import Testing

@testable import WebKitGTK

/// Answers every dialog as told, and records what it was asked.
@MainActor
final class ScriptedPresenter: WebPage.DialogPresenting {
    var alerts: [String] = []
    var confirms: [String] = []
    var prompts: [(String, String?)] = []
    var permissions: [WebPage.PermissionRequest.Kind] = []
    var confirmAnswer = WebPage.JavaScriptConfirmResult.ok
    var promptAnswer = WebPage.JavaScriptPromptResult.ok("Baikal")

    func handleJavaScriptAlert(message: String, initiatedBy frame: WebPage.FrameInfo) async {
        alerts.append(message)
    }

    func handleJavaScriptConfirm(message: String, initiatedBy frame: WebPage.FrameInfo) async
        -> WebPage.JavaScriptConfirmResult
    {
        confirms.append(message)
        try? await Task.sleep(for: .milliseconds(20))  // a person takes a moment
        return confirmAnswer
    }

    func handleJavaScriptPrompt(message: String, defaultText: String?, initiatedBy frame: WebPage.FrameInfo)
        async -> WebPage.JavaScriptPromptResult
    {
        prompts.append((message, defaultText))
        return promptAnswer
    }

    func decidePermission(for request: WebPage.PermissionRequest) async -> WKPermissionDecision {
        permissions.append(request.kind)
        return .deny
    }
}

@MainActor
@Suite(.serialized)
struct DialogPresentingTests {
    @Test func theAnswersReachThePagesScript() async throws {
        let presenter = ScriptedPresenter()
        let page = WebPage(dialogPresenter: presenter)
        _ = await outcome(of: page.load(html: "<p>dialogs"))
        let answers = try await page.evaluateForTesting(
            "alert('Deepest lake?'); return [confirm('Is it Baikal?'), prompt('Which lake?', 'Tahoe')]")
        #expect(answers == #"[true,"Baikal"]"#)
        #expect(presenter.alerts == ["Deepest lake?"])
        #expect(presenter.confirms == ["Is it Baikal?"])
        #expect(presenter.prompts.first?.0 == "Which lake?")
        #expect(presenter.prompts.first?.1 == "Tahoe")

        presenter.confirmAnswer = .cancel
        presenter.promptAnswer = .cancel
        let cancelled = try await page.evaluateForTesting("return [confirm('Again?'), prompt('Name?')]")
        #expect(cancelled == "[false,null]")
    }

    @Test func withoutAPresenterDialogsAreSilentAndCancelled() async throws {
        let page = WebPage()
        _ = await outcome(of: page.load(html: "<p>defaults"))
        let answers = try await page.evaluateForTesting(
            "alert('nobody sees this'); return [confirm('ok?'), prompt('name?', 'x')]")
        #expect(answers == "[false,null]")
    }

    @Test func permissionsAreDeniedByDefaultAndAskTheHook() async throws {
        let presenter = ScriptedPresenter()
        let page = WebPage(dialogPresenter: presenter)
        _ = await outcome(of: page.load(html: "<p>permissions", baseURL: URL(string: "https://lakes.example/")))
        let state = try await page.evaluateForTesting("return await Notification.requestPermission()")
        #expect(state == #""denied""#)
        #expect(presenter.permissions == [.notifications])

        let geolocation = try await page.evaluateForTesting(
            """
            return await new Promise(resolve => navigator.geolocation.getCurrentPosition(
                () => resolve('granted'), error => resolve(error.code === error.PERMISSION_DENIED ? 'denied' : 'error ' + error.code)));
            """)
        #expect(geolocation == #""denied""#)
    }
}
