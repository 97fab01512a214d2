import CWebKitGTK
import Foundation
import FoundationNetworking
import TestSupport
import Testing

@testable import WebKitGTK

/// A decider that asks for one HTTPS policy for every navigation.
struct UpgradingDecider: WebPage.NavigationDeciding {
    let policy: WebPage.NavigationPreferences.UpgradeToHTTPSPolicy

    func decidePolicy(
        for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
    ) async -> WKNavigationActionPolicy {
        preferences.preferredHTTPSNavigationPolicy = policy
        return .allow
    }
}

@MainActor
@Suite(.serialized)
struct HTTPSUpgradeTests {
    /// A plain HTTP server: an HTTPS attempt on its port fails in the TLS handshake.
    private func plainServer() throws -> TestHTTPServer {
        try TestHTTPServer { _ in .html(html(title: "Plain")) }
    }

    @Test func automaticFallbackLoadsHTTPWhenHTTPSFails() async throws {
        let server = try plainServer()
        let page = WebPage(navigationDecider: UpgradingDecider(policy: .automaticFallbackToHTTP))
        let result = await outcome(of: page.load(server.url("/article")))
        #expect(result.error == nil, "\(String(describing: result.error))")
        #expect(result.events == [.startedProvisionalNavigation, .receivedServerRedirect, .committed, .finished])
        #expect(page.url == server.url("/article"))
        #expect(page.title == "Plain")
    }

    @Test func errorOnFailureFailsTheNavigation() async throws {
        let server = try plainServer()
        let page = WebPage(navigationDecider: UpgradingDecider(policy: .errorOnFailure))
        let result = await outcome(of: page.load(server.url("/article")))
        #expect(result.navigationError?.isFailedProvisionalNavigation == true, "\(String(describing: result.error))")
        #expect(result.events == [.startedProvisionalNavigation])
        #expect(server.requests.isEmpty)
    }

    @Test func userMediatedFallbackFailsWithTheInsecureURL() async throws {
        let server = try plainServer()
        let page = WebPage(navigationDecider: UpgradingDecider(policy: .userMediatedFallbackToHTTP))
        let result = await outcome(of: page.load(server.url("/article")))
        guard case .failedProvisionalNavigation(let error) = result.navigationError else {
            Issue.record("expected a provisional failure, got \(String(describing: result.error))")
            return
        }
        let upgrade = try #require(error as? WebPage.HTTPSUpgradeError)
        #expect(upgrade.insecureURL == server.url("/article"))
        #expect(server.requests.isEmpty)
        // The app may then go on without encryption: that URL is not upgraded again.
        let insecure = await outcome(of: page.load(upgrade.insecureURL))
        #expect(insecure.error == nil, "\(String(describing: insecure.error))")
        #expect(page.title == "Plain")
        #expect(page.url == server.url("/article"))
        // Another navigation to it is upgraded as before.
        let again = await outcome(of: page.load(server.url("/article")))
        #expect(again.navigationError?.isFailedProvisionalNavigation == true)
    }

    @Test func anUpgradeThatWorksLoadsTheSecurePage() async throws {
        let server = try LoopbackHTTPSServer(pages: ["/": "<title>Secret</title>"])
        var configuration = WebPage.Configuration()
        configuration.websiteDataStore = .nonPersistent()
        let page = WebPage(configuration: configuration, navigationDecider: UpgradingDecider(policy: .errorOnFailure))
        let manager = webkit_web_context_get_website_data_manager(page.configuration.websiteDataStore.context.cast())
        webkit_website_data_manager_set_tls_errors_policy(manager, WEBKIT_TLS_ERRORS_POLICY_IGNORE)
        let result = await outcome(of: page.load(URL(string: "http://127.0.0.1:\(server.port)/")))
        #expect(result.error == nil, "\(String(describing: result.error))")
        #expect(page.url?.scheme == "https")
        #expect(page.title == "Secret")
    }

    @Test(arguments: [
        ("http://example.org/a?b#c", "https://example.org/a?b#c"),
        ("HTTP://Example.ORG/", "https://Example.ORG/"),
        ("http://example.org:80/a", "https://example.org/a"),
        ("http://example.org:080", "https://example.org"),
        ("http://example.org:80?q#f", "https://example.org?q#f"),
        ("http://example.org:8080/a", "https://example.org:8080/a"),
        ("http://user:pass@example.org:80/", "https://user:pass@example.org/"),
        ("http://[::1]:80/", "https://[::1]/"),
        ("http://[::80]/", "https://[::80]/"),
        ("http://example.org/a:80", "https://example.org/a:80"),
    ])
    func theSecureFormChangesOnlyTheSchemeAndPort80(http: String, https: String) throws {
        let url = try #require(URL(string: http))
        let secure = try #require(WebPage.HTTPSUpgrade.secureForm(of: url))
        #expect(secure.absoluteString == https)
        // The same as URLComponents makes it.
        var components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        components.scheme = "https"
        if components.port == 80 { components.port = nil }
        #expect(components.url == secure)
    }

    @Test(arguments: ["https://example.org/", "ftp://example.org/", "httpx://example.org/", "about:blank"])
    func onlyHTTPHasASecureForm(address: String) throws {
        #expect(WebPage.HTTPSUpgrade.secureForm(of: try #require(URL(string: address))) == nil)
    }

    @Test func keepAsRequestedLoadsHTTP() async throws {
        let server = try plainServer()
        let page = WebPage(navigationDecider: UpgradingDecider(policy: .keepAsRequested))
        let result = await outcome(of: page.load(server.url("/article")))
        #expect(result.events == [.startedProvisionalNavigation, .committed, .finished])
        #expect(server.requests.count == 1)
    }
}
