import CWebKitGTK
import Foundation
import TestSupport
import Testing
import WebKitGTK
import WebKitGTKTesting

@testable import GTK
@testable import LakesApp

/// Lakes' GTK dialogs answer the page's script with what the person chose.
@MainActor
@Suite(.serialized)
struct LakesDialogPresenterTests {
    @Test(arguments: [(GTK_RESPONSE_OK, #"[true,"Titicaca"]"#), (GTK_RESPONSE_CANCEL, "[false,null]")])
    func aPersonsChoiceReachesTheScript(_ choice: GtkResponseType, _ expected: String) async throws {
        let presenter = LakesDialogPresenter()
        let page = WebPage(dialogPresenter: presenter)
        for try await _ in page.load(html: "<p>dialogs", baseURL: URL(string: "lakes://articles/test")) {}
        let script = Task { @MainActor in
            try await page.evaluateForTesting(
                "return [confirm('Visit the reed islands?'), prompt('Which lake?', 'Titicaca')]")
        }
        for round in 1...2 {  // the confirm, then the prompt
            await until("dialog \(round) is shown") {
                presenter.presentations == round && presenter.presented != nil
            }
            let dialog = try #require(presenter.presented)
            #expect(dialog.isVisible)
            gtk_dialog_response(dialog.cast(), choice.rawValue)
        }
        #expect(try await script.value == expected)
    }

    @Test func anAlertWaitsForThePerson() async throws {
        let presenter = LakesDialogPresenter()
        let page = WebPage(dialogPresenter: presenter)
        for try await _ in page.load(html: "<p>alert") {}
        let script = Task { @MainActor in try await page.evaluateForTesting("alert('Baikal is frozen'); return 'after'")
        }
        await until("the alert is shown") { presenter.presented != nil }
        await never("the alert closes by itself", within: .milliseconds(100)) { presenter.presented == nil }
        #expect(presenter.presented != nil)
        guard let dialog = presenter.presented else {
            Issue.record("the alert closed by itself")
            return
        }
        gtk_dialog_response(dialog.cast(), GTK_RESPONSE_OK.rawValue)
        #expect(try await script.value == #""after""#)
    }
}
