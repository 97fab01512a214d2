import CWebKitGTK
import Foundation
import FoundationNetworking
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

/// A value decider, as Apple's sample writes one: it keeps state in `mutating` methods.
struct CountingDecider: WebPage.NavigationDeciding {
    /// Where each decision reports how many came before it (the decider itself is the page's).
    let report: @MainActor (Int, WebPage.NavigationAction) -> Void
    var decisions = 0
    var refused: [URL] = []

    mutating func decidePolicy(
        for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
    ) async -> WKNavigationActionPolicy {
        decisions += 1
        // Await between reading and writing state: overlapping questions would lose counts.
        try? await Task.sleep(for: .milliseconds(20))
        report(decisions, action)
        guard action.request.url?.path != "/refused" else {
            refused.append(action.request.url!)
            return .cancel
        }
        return .allow
    }
}

@MainActor
@Suite(.serialized)
struct DeciderShapeTests {
    private func server() throws -> TestHTTPServer {
        try TestHTTPServer { request in
            .html(html(title: String(request.path.dropFirst()), body: #"<a id="link" href="/linked">link</a>"#))
        }
    }

    @Test func aStructDeciderKeepsItsStateAcrossDecisions() async throws {
        let server = try server()
        var seen: [Int] = []
        let page = WebPage(navigationDecider: CountingDecider { count, _ in seen.append(count) })
        for path in ["/one", "/two", "/three"] {
            _ = await outcome(of: page.load(server.url(path)))
        }
        #expect(seen == [1, 2, 3])
    }

    @Test func overlappingQuestionsAreAskedOneAtATime() async throws {
        let server = try server()
        var seen: [Int] = []
        let page = WebPage(navigationDecider: CountingDecider { count, _ in seen.append(count) })
        // Two navigations at once: the second question waits for the first answer.
        page.load(server.url("/first"))
        page.load(server.url("/second"))
        await until("both were decided") { seen.count == 2 }
        #expect(seen == [1, 2])
    }

    @Test func actionsCarryTheirSourceAndTargetFrames() async throws {
        let server = try server()
        var actions: [WebPage.NavigationAction] = []
        let page = WebPage(navigationDecider: CountingDecider { _, action in actions.append(action) })
        _ = await outcome(of: page.load(server.url("/start")))
        _ = try await page.evaluateForTesting("document.getElementById('link').click()")
        await until("the link was followed") { page.title == "linked" && !page.isLoading }
        let link = try #require(actions.last)
        #expect(link.navigationType == .linkActivated)
        #expect(link.source.isMainFrame)
        #expect(link.source.request.url == server.url("/start"))
        #expect(link.source.securityOrigin.protocol == "http")
        #expect(link.source.securityOrigin.host == "127.0.0.1")
        #expect(link.source.securityOrigin.port == Int(server.port))
        #expect(link.target?.isMainFrame == true)
        #expect(link.target?.request.url == server.url("/linked"))
        #expect(!link.shouldPerformDownload)  // a link without `download`
        #expect(!link.isContentRuleListRedirect)
        #expect(link.buttonNumber == 0)  // a scripted click has no mouse button
        #expect(link.modifierFlags.isEmpty)
    }

    @Test func aDownloadLinkSaysItShouldBeDownloaded() async throws {
        let server = try TestHTTPServer { request in
            request.path == "/notes.txt"
                ? .init(headers: ["Content-Type": "text/plain"], body: Data("notes".utf8))
                : .html(
                    html(
                        title: "links",
                        body: #"<a id="save" href="/notes.txt" download>save</a><a id="read" href="/read">read</a>"#))
        }
        var actions: [WebPage.NavigationAction] = []
        let page = WebPage(navigationDecider: CountingDecider { _, action in actions.append(action) })
        _ = await outcome(of: page.load(server.url("/start")))
        _ = try await page.evaluateForTesting("document.getElementById('save').click()")
        await until("the download link was decided") { actions.count == 2 }
        _ = try await page.evaluateForTesting("document.getElementById('read').click()")
        await until("the plain link was decided") { actions.count == 3 }
        #expect(actions[1].request.url == server.url("/notes.txt"))
        #expect(actions[1].shouldPerformDownload)
        #expect(actions[2].request.url == server.url("/read"))
        #expect(!actions[2].shouldPerformDownload)
    }

    @Test func theDefaultPreferencesReachTheDeciderAndTheEngine() async throws {
        final class Reader: WebPage.NavigationDeciding {
            var allowed: [Bool] = []
            func decidePolicy(
                for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
            ) async -> WKNavigationActionPolicy {
                allowed.append(preferences.allowsContentJavaScript)
                return .allow
            }
        }
        var configuration = WebPage.Configuration()
        configuration.defaultNavigationPreferences.allowsContentJavaScript = false
        let reader = Reader()
        let page = WebPage(configuration: configuration, navigationDecider: reader)
        _ = await outcome(of: page.load(html: "<title>Static</title><script>document.title = 'Scripted'</script>"))
        #expect(reader.allowed == [false])
        #expect(page.title == "Static")
        // The app's own script still runs.
        #expect(try await page.callJavaScript("return 6 * 7") as? Int == 42)
    }

    @Test func gtkModifiersBecomeApplesEventModifiers() {
        let mask = GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue | GDK_MOD1_MASK.rawValue
        #expect(EventModifiers(gdkModifiers: mask) == [.shift, .control, .option])
        #expect(EventModifiers(gdkModifiers: GDK_SUPER_MASK.rawValue) == .command)
        #expect(EventModifiers(gdkModifiers: GDK_LOCK_MASK.rawValue) == .capsLock)
        #expect(EventModifiers(gdkModifiers: 0).isEmpty)
    }
}
