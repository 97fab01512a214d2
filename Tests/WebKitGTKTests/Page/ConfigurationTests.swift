import CWebKitGTK
import Foundation
import FoundationNetworking
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct ConfigurationTests {
    @Test func aCustomUserAgentIsSentAndNilRestoresTheDefault() async throws {
        let server = try TestHTTPServer { _ in .html(html(title: "Agent")) }
        var configuration = WebPage.Configuration()
        configuration.applicationNameForUserAgent = "Lakes/1.0"
        let page = WebPage(configuration: configuration)
        #expect(page.customUserAgent == nil)
        _ = await outcome(of: page.load(server.url("/default")))
        let standard = try #require(server.requests.last?.headers["user-agent"])
        #expect(standard.hasSuffix(" Lakes/1.0"))

        page.customUserAgent = "LakesReader/2.0 (Linux)"
        _ = await outcome(of: page.load(server.url("/custom")))
        #expect(server.requests.last?.headers["user-agent"] == "LakesReader/2.0 (Linux)")
        #expect(try await page.callJavaScript("return navigator.userAgent") as? String == "LakesReader/2.0 (Linux)")

        page.customUserAgent = nil
        _ = await outcome(of: page.load(server.url("/again")))
        #expect(server.requests.last?.headers["user-agent"] == standard)
        page.customUserAgent = ""
        #expect(page.customUserAgent == nil)
    }

    @Test(arguments: [true, false])
    func loadsSubresourcesDecidesWhetherSubresourcesLoad(_ loads: Bool) async throws {
        let server = try TestHTTPServer { request in
            switch request.path {
            case "/":
                .html(
                    """
                    <!doctype html><title>Main</title>
                    <link rel=stylesheet href="/style.css"><script src="/script.js"></script>
                    <img src="/picture.svg"><iframe src="/frame"></iframe>
                    """)
            case "/style.css": .init(headers: ["Content-Type": "text/css"], body: Data("p{}".utf8))
            case "/script.js": .init(headers: ["Content-Type": "text/javascript"], body: Data("window.ran=1".utf8))
            case "/picture.svg":
                .init(
                    headers: ["Content-Type": "image/svg+xml"],
                    body: Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8))
            default: .html(html(title: "Frame"))
            }
        }
        var configuration = WebPage.Configuration()
        configuration.loadsSubresources = loads
        let page = WebPage(configuration: configuration)
        let result = await outcome(of: page.load(server.url("/")))
        #expect(result.error == nil)
        #expect(page.title == "Main")
        let fetched = Set(server.requests.map(\.path))
        if loads {
            #expect(fetched.isSuperset(of: ["/", "/style.css", "/script.js", "/picture.svg", "/frame"]), "\(fetched)")
        } else {
            #expect(fetched == ["/"], "\(fetched)")
            #expect(try await page.callJavaScript("return typeof window.ran") as? String == "undefined")
        }
    }

    @Test func renderingAndHTTPSFeaturesFollowTheConfiguration() {
        let defaults = WebPage()
        let settings = webkit_web_view_get_settings(defaults.webView)!
        #expect(WebKitFeatures.isEnabled("SuppressesIncrementalRendering", in: settings) == false)
        #expect(WebKitFeatures.isEnabled("UpgradeKnownHostsToHTTPS", in: settings) == true)

        var configuration = WebPage.Configuration()
        configuration.suppressesIncrementalRendering = true
        configuration.upgradeKnownHostsToHTTPS = false
        let changed = WebPage(configuration: configuration)
        let changedSettings = webkit_web_view_get_settings(changed.webView)!
        #expect(WebKitFeatures.isEnabled("SuppressesIncrementalRendering", in: changedSettings) == true)
        #expect(WebKitFeatures.isEnabled("UpgradeKnownHostsToHTTPS", in: changedSettings) == false)
        #expect(WebKitFeatures.isEnabled("NoSuchFeature", in: changedSettings) == nil)
    }

    @Test func aSimulatedResponseIsShownAtTheRequestsURL() async throws {
        let page = WebPage()
        let url = URL(string: "https://lakes.example/offline/tahoe")!
        let result = await outcome(
            of: page.load(simulatedRequest: URLRequest(url: url), responseHTML: html(title: "Saved copy")))
        #expect(result.events == [.startedProvisionalNavigation, .committed, .finished])
        #expect(page.url == url)
        #expect(page.title == "Saved copy")
        #expect(try await page.callJavaScript("return location.origin") as? String == "https://lakes.example")

        let text = URL(string: "https://lakes.example/notes.txt")!
        let response = URLResponse(
            url: text, mimeType: "text/plain", expectedContentLength: 5, textEncodingName: "utf-8")
        let plain = await outcome(
            of: page.load(simulatedRequest: URLRequest(url: text), response: response, responseData: Data("<b>x".utf8)))
        #expect(plain.error == nil)
        #expect(page.url == text)
        #expect(try await page.callJavaScript("return document.body.innerText") as? String == "<b>x")
    }

    @Test func aSimulatedRequestWithoutAnAbsoluteURLIsRefused() async throws {
        let page = WebPage()
        let result = await outcome(
            of: page.load(simulatedRequest: URLRequest(url: URL(string: "relative/path")!), responseHTML: "<p>x"))
        #expect(result.navigationError.map { if case .invalidURL = $0 { true } else { false } } == true)
    }

    @Test func theBackForwardListIsIndexedFromTheCurrentItem() async throws {
        let server = try TestHTTPServer { request in .html(html(title: request.path)) }
        let page = WebPage()
        for name in ["one", "two", "three"] {
            _ = await outcome(of: page.load(server.url("/\(name)")))
        }
        _ = await outcome(of: page.goBack())
        let list = page.backForwardList
        #expect(list[0]?.url.lastPathComponent == "two")
        #expect(list[-1]?.url.lastPathComponent == "one")
        #expect(list[1]?.url.lastPathComponent == "three")
        #expect(list[-2] == nil)
        #expect(list[2] == nil)
    }

    @Test func navigationsThrowsTheFirstFailureAndEnds() async throws {
        let page = WebPage()
        var listening = false
        let watcher = Task { @MainActor () -> ([WebPage.NavigationEvent], (any Error)?) in
            listening = true
            var events: [WebPage.NavigationEvent] = []
            do {
                for try await event in page.navigations { events.append(event) }
            } catch {
                return (events, error)
            }
            return (events, nil)
        }
        await until("the watcher listens") { listening }
        _ = await outcome(of: page.load(html: html(title: "Fine")))
        _ = await outcome(of: page.load(URL(string: "http://127.0.0.1:\(try closedPort())/")))
        _ = await outcome(of: page.load(html: html(title: "After")))
        let (events, error) = await watcher.value
        #expect(events == [.startedProvisionalNavigation, .committed, .finished, .startedProvisionalNavigation])
        let failure = try #require(error as? WebPage.NavigationError)
        #expect(failure.isFailedProvisionalNavigation)
    }

    @Test func navigationsThrowsWhenTheWebProcessEndsWhileIdle() async throws {
        let page = WebPage()
        _ = await outcome(of: page.load(html: html(title: "Reading")))
        var ending: (any Error)?
        var listening = false
        let watcher = Task { @MainActor in
            listening = true
            do {
                for try await _ in page.navigations {}
            } catch {
                ending = error
            }
        }
        defer { watcher.cancel() }
        await until("the watcher listens") { listening }
        page.terminateWebContentProcess()
        await until("the sequence ended") { ending != nil }
        guard case .webContentProcessTerminated = ending as? WebPage.NavigationError else {
            Issue.record("expected webContentProcessTerminated, got \(String(describing: ending))")
            return
        }
    }

    @Test func navigationsEndsWhenThePageCloses() async throws {
        let page = WebPage()
        var listening = false
        let watcher = Task { @MainActor () -> Bool in
            listening = true
            do {
                for try await _ in page.navigations {}
                return true
            } catch {
                return false
            }
        }
        await until("the watcher listens") { listening }
        page.close()
        #expect(await watcher.value)
    }
}
