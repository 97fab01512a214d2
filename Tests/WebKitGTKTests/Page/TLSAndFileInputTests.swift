import Foundation
import TestSupport
import Testing

@testable import WebKitGTK

/// Chooses a fixed file for every file input.
@MainActor
final class ChoosingPresenter: WebPage.DialogPresenting {
    let file: URL
    var asked: [WKOpenPanelParameters] = []
    init(file: URL) { self.file = file }

    func handleFileInputPrompt(
        parameters: WKOpenPanelParameters, initiatedBy frame: WebPage.FrameInfo
    ) async -> WebPage.FileInputPromptResult {
        asked.append(parameters)
        return .selected([file])
    }
}

@MainActor
@Suite(.serialized)
struct TLSAndFileInputTests {
    @Test func anUntrustedCertificateFailsTheLoadWithItsProblems() async throws {
        let server = try LoopbackHTTPSServer(pages: ["/": "<title>Secret</title>"])
        let page = WebPage()
        let result = await outcome(of: page.load(URL(string: "https://127.0.0.1:\(server.port)/")))
        guard case .failedProvisionalNavigation(let error) = try #require(result.navigationError) else {
            Issue.record("expected failedProvisionalNavigation, got \(String(describing: result.error))")
            return
        }
        let tls = try #require(error as? TLSCertificateError)
        #expect(tls.host == "127.0.0.1")
        #expect(tls.problems.contains(.unknownAuthority))
        #expect(tls.description.contains("unknown authority"))
        #expect(page.title != "Secret")
        #expect(!result.events.contains(.committed))
    }

    @Test func aFileInputGetsTheFilesThePresenterChose() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lake-survey-\(UUID().uuidString).txt")
        try Data("depth: 1642 m".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let presenter = ChoosingPresenter(file: file)
        let page = WebPage(dialogPresenter: presenter)
        _ = await outcome(of: page.load(html: #"<input type="file" id="file" accept=".txt,text/plain" multiple>"#))
        let chosen = try await page.evaluateForTesting(
            """
            const input = document.getElementById('file');
            const changed = new Promise(resolve => input.addEventListener('change', resolve));
            input.click();
            await changed;
            return [input.files.length, input.files[0].name, await input.files[0].text()];
            """)
        #expect(chosen == #"[1,"\#(file.lastPathComponent)","depth: 1642 m"]"#)
        #expect(presenter.asked.first?.allowsMultipleSelection == true)
    }
}
