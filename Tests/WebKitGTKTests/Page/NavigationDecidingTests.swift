import Foundation
import FoundationNetworking
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

/// Records every action and response it sees; answers from `policy`, after `delay`.
@MainActor
final class RecordingDecider: WebPage.NavigationDeciding {
    var actions: [WebPage.NavigationAction] = []
    var responses: [WebPage.NavigationResponse] = []
    var challenges: [URLAuthenticationChallenge] = []
    var policy: (WebPage.NavigationAction) -> WKNavigationActionPolicy = { _ in .allow }
    var responsePolicy: (WebPage.NavigationResponse) -> WKNavigationResponsePolicy = { _ in .allow }
    var credential: URLCredential?
    var delay: Duration = .zero

    func decidePolicy(
        for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
    ) async -> WKNavigationActionPolicy {
        actions.append(action)
        if delay > .zero { try? await Task.sleep(for: delay) }
        return policy(action)
    }

    func decidePolicy(for response: WebPage.NavigationResponse) async -> WKNavigationResponsePolicy {
        responses.append(response)
        return responsePolicy(response)
    }

    func decideAuthenticationChallengeDisposition(
        for challenge: URLAuthenticationChallenge
    ) async -> (URLSession.AuthChallengeDisposition, URLCredential?) {
        challenges.append(challenge)
        return credential.map { (.useCredential, $0) } ?? (.performDefaultHandling, nil)
    }
}

@MainActor
@Suite(.serialized)
struct NavigationDecidingTests {
    private func server() throws -> TestHTTPServer {
        try TestHTTPServer { request in
            let name = String(request.path.dropFirst().prefix { $0 != "?" })
            return .html(
                html(
                    title: name.isEmpty ? "home" : name,
                    body: """
                        <a id="link" href="/linked">link</a>
                        <a id="blank" href="/blank" target="_blank">new window</a>
                        <form id="form" action="/submitted" method="get"><input name="q" value="1"></form>
                        """))
        }
    }

    private func waitForTitle(_ page: WebPage, _ title: String) async {
        await until("the page titled \(title)") { page.title == title && !page.isLoading }
    }

    @Test func theDeciderSeesTheRightNavigationTypes() async throws {
        let server = try server()
        let decider = RecordingDecider()
        let page = WebPage(navigationDecider: decider)
        _ = await outcome(of: page.load(server.url("/start")))
        await waitForTitle(page, "start")
        _ = try await page.evaluateForTesting("document.getElementById('link').click()")
        await waitForTitle(page, "linked")
        _ = await outcome(of: page.goBack())
        await waitForTitle(page, "start")
        _ = try await page.evaluateForTesting("document.getElementById('form').submit()")
        await waitForTitle(page, "submitted")
        _ = await outcome(of: page.reload())
        await waitForTitle(page, "submitted")
        let types = decider.actions.map(\.navigationType)
        #expect(types == [.other, .linkActivated, .backForward, .formSubmitted, .reload])
        #expect(decider.actions[1].request.url == server.url("/linked"))
        #expect(decider.actions[3].request.url?.query == "q=1")
        #expect(decider.actions.allSatisfy { $0.target?.isMainFrame == true })
        #expect(decider.responses.first?.canShowMimeType == true)
        #expect(decider.responses.first?.isForMainFrame == true)
        #expect((decider.responses.first?.response as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test func cancellingStopsTheNavigationAndEndsItsSequence() async throws {
        let server = try server()
        let decider = RecordingDecider()
        decider.policy = { $0.request.url?.path == "/blocked" ? .cancel : .allow }
        let page = WebPage(navigationDecider: decider)
        _ = await outcome(of: page.load(server.url("/start")))
        let blocked = await outcome(of: page.load(server.url("/blocked")))
        #expect(blocked.events.isEmpty)
        #expect(blocked.error == nil)
        #expect(page.url == server.url("/start"))
        #expect(!server.requests.contains { $0.path == "/blocked" })
        // A link the decider cancels goes nowhere either.
        _ = try await page.evaluateForTesting("location.href = '/blocked'")
        await never("the cancelled link loads", within: .milliseconds(200)) { page.url != server.url("/start") }
        #expect(page.url == server.url("/start"))
    }

    @Test func aDeciderThatAwaitsBeforeAnsweringWorks() async throws {
        let server = try server()
        let decider = RecordingDecider()
        decider.delay = .milliseconds(150)
        let page = WebPage(navigationDecider: decider)
        let result = await outcome(of: page.load(server.url("/slowly")))
        #expect(result.events == [.startedProvisionalNavigation, .committed, .finished])
        await waitForTitle(page, "slowly")
    }

    @Test func newWindowRequestsReachTheDeciderAndLoadHere() async throws {
        let server = try server()
        let decider = RecordingDecider()
        let page = WebPage(navigationDecider: decider)
        _ = await outcome(of: page.load(server.url("/start")))
        _ = try await page.evaluateForTesting("document.getElementById('blank').click()")
        await waitForTitle(page, "blank")
        #expect(decider.actions.last?.target == nil)
        #expect(decider.actions.last?.request.url == server.url("/blank"))
        #expect(decider.actions.filter { $0.request.url == server.url("/blank") }.count == 1)

        _ = try await page.evaluateForTesting("window.open('/opened')")
        await waitForTitle(page, "opened")
        #expect(decider.actions.last?.target == nil)
        #expect(decider.actions.last?.request.url == server.url("/opened"))

        // Refused, a new-window request goes nowhere.
        decider.policy = { $0.target == nil ? .cancel : .allow }
        _ = try await page.evaluateForTesting("window.open('/refused')")
        await never("the refused window loads", within: .milliseconds(200)) { page.title != "opened" }
        #expect(page.title == "opened")
    }

    /// Sets the preferences the decider chooses for every navigation.
    @MainActor
    final class PreferringDecider: WebPage.NavigationDeciding {
        var change: (inout WebPage.NavigationPreferences) -> Void
        var seen: [URL] = []
        init(_ change: @escaping (inout WebPage.NavigationPreferences) -> Void) { self.change = change }

        func decidePolicy(
            for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
        ) async -> WKNavigationActionPolicy {
            if let url = action.request.url { seen.append(url) }
            change(&preferences)
            return .allow
        }
    }

    @Test func preferencesCanTurnOffThePagesScriptsAndAskForMobileLayout() async throws {
        let server = try TestHTTPServer { request in
            .html(html(title: "Static", body: "<script>document.title = 'Scripted'</script>"))
        }
        let page = WebPage(
            navigationDecider: PreferringDecider {
                $0.allowsContentJavaScript = false
                $0.preferredContentMode = .mobile
            })
        _ = await outcome(of: page.load(server.url("/page")))
        await until("the title") { !page.title.isEmpty }
        #expect(page.title == "Static")
        #expect(server.requests.last?.headers["user-agent"]?.contains("Mobile") == true)
        // The app's own calls still run.
        #expect(try await page.evaluateForTesting("return 6 * 7") == "42")
    }

    @Test func aNonDisplayableResponseCanBeRefused() async throws {
        let server = try TestHTTPServer { _ in
            TestHTTPServer.Response(headers: ["Content-Type": "application/x-lakes-archive"], body: Data([1, 2, 3]))
        }
        let decider = RecordingDecider()
        decider.responsePolicy = { $0.canShowMimeType ? .allow : .cancel }
        let page = WebPage(navigationDecider: decider)
        let result = await outcome(of: page.load(server.url("/archive")))
        #expect(decider.responses.first?.canShowMimeType == false)
        let shown = try await page.evaluateForTesting("return document.documentElement.outerHTML")
        #expect(
            result.navigationError?.isFailedProvisionalNavigation == true,
            "\(result) \(String(describing: page.url)) \(shown ?? "")")
    }

    @Test(arguments: [true, false])
    func basicAuthenticationUsesTheDecidersCredential(_ withCredential: Bool) async throws {
        let expected = "Basic " + Data("reader:blue-water".utf8).base64EncodedString()
        let server = try TestHTTPServer { request in
            guard request.headers["authorization"] == expected else {
                var response = TestHTTPServer.Response.html(html(title: "Denied"), status: 401)
                response.headers["WWW-Authenticate"] = #"Basic realm="Lakes archive""#
                return response
            }
            return .html(html(title: "Welcome"))
        }
        let decider = RecordingDecider()
        if withCredential {
            decider.credential = URLCredential(user: "reader", password: "blue-water", persistence: .none)
        }
        let page = WebPage(navigationDecider: decider)
        _ = await outcome(of: page.load(server.url("/archive")))
        await until("a title") { !page.title.isEmpty && !page.isLoading }
        #expect(page.title == (withCredential ? "Welcome" : "Denied"))
        let challenge = try #require(decider.challenges.first)
        #expect(challenge.protectionSpace.realm == "Lakes archive")
        #expect(challenge.protectionSpace.host == "127.0.0.1")
        #expect(challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodHTTPBasic)
    }
}
