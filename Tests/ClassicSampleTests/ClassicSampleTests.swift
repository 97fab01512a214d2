import Foundation
import TestSupport
import Testing
import WebKitGTK
import WebKitGTKTesting

/// Apps written against Apple's classic `WKWebView`, run as their screens run them.
@MainActor
@Suite(.serialized)
struct ClassicSampleTests {
    @Test func theReaderFollowsLoadingTitleAndHistory() async throws {
        let server = try TestHTTPServer { request in
            .html("<title>\(request.path == "/" ? "Lakes" : "Tahoe")</title><a id='next' href='/tahoe'>Tahoe</a>")
        }
        let model = ReaderModel(address: server.url("/").absoluteString)
        let screen = ReaderWebView(model: model)
        let coordinator = screen.makeCoordinator()
        let webView = screen.makeView(coordinator: coordinator)
        await until("the first page") { model.title == "Lakes" && !model.isLoading }
        #expect(!model.canGoBack)

        _ = try await webView.evaluateJavaScript("document.getElementById('next').click()")
        await until("the second page") { model.title == "Tahoe" && !model.isLoading }
        #expect(model.canGoBack)

        model.wantsToGoBack = true
        screen.updateView(webView)
        #expect(!model.wantsToGoBack)
        await until("back on the first page") { model.title == "Lakes" && !model.isLoading }
        #expect(webView.url == server.url("/"))
        #expect(model.failures.isEmpty)
    }

    @Test func aPageThatCannotLoadIsReportedAsAFailure() async throws {
        let model = ReaderModel(address: "http://127.0.0.1:39999/")
        let screen = ReaderWebView(model: model)
        let coordinator = screen.makeCoordinator()
        let webView = screen.makeView(coordinator: coordinator)
        await until("the failure") { !model.failures.isEmpty }
        #expect(!model.isLoading)
        let error = try #require(model.failures.first) as NSError
        #expect(error.domain == NSURLErrorDomain)
        #expect(error.code == NSURLErrorCannotConnectToHost)
        withExtendedLifetime(webView) {}
    }

    @Test func theFormReachesTheAppAsADictionaryAndTheAppAnswers() async throws {
        let controller = SignUpController()
        controller.showForm()
        await until("the form") { controller.webView.title == "Sign up" && !controller.webView.isLoading }
        _ = try await controller.webView.evaluateJavaScript(
            """
            document.getElementById('name').value = 'Ana';
            document.getElementById('email').value = 'ana@lakes.example';
            document.getElementById('newsletter').checked = true;
            document.getElementById('send').click();
            """)
        await until("the message") { !controller.received.isEmpty }
        let values = try #require(controller.received.first)
        #expect(values["name"] as? String == "Ana")
        #expect(values["email"] as? String == "ana@lakes.example")
        #expect((values["newsletter"] as? NSNumber)?.boolValue == true)
        await until("the greeting") {
            (try? await controller.webView.evaluateJavaScript("document.getElementById('greeting').textContent"))
                as? String == "Welcome, Ana <ana@lakes.example>"
        }
        #expect(controller.lastReplyError == nil)
    }

    @Test func aUserScriptRunsWhenTheDocumentHasLoaded() async throws {
        let controller = SignUpController()
        controller.markLoadedDocuments()
        controller.showForm()
        await until("the form") { controller.webView.title == "Sign up" && !controller.webView.isLoading }
        let ready = try await controller.webView.evaluateJavaScript("document.body.dataset.ready")
        #expect(ready as? String == "yes")
    }
}
