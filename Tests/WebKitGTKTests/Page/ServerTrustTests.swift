import CWebKitGTK
import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct ServerTrustTests {
    private static let dot = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!

    /// A page of a store that trusts `server`'s self-signed certificate for 127.0.0.1, as an
    /// app does when a person accepts a certificate.
    private func trustingPage(_ server: LoopbackHTTPSServer) throws -> WebPage {
        let store = WKWebsiteDataStore.nonPersistent()
        var error: UnsafeMutablePointer<GError>?
        let certificate = try #require(g_tls_certificate_new_from_file(server.certificateFile.path, &error))
        defer { g_object_unref(certificate) }
        webkit_web_context_allow_tls_certificate_for_host(store.context.cast(), certificate, "127.0.0.1")
        return WebPage(configuration: WebPage.Configuration(websiteDataStore: store))
    }

    @Test func aPlainHTTPPageHasNoServerTrustAndInsecureContent() async throws {
        let server = try TestHTTPServer { _ in .html(html(title: "Plain")) }
        let page = WebPage()
        let result = await outcome(of: page.load(server.url("/")))
        #expect(result.events.last == .finished)
        #expect(page.serverTrust == nil)
        #expect(!page.hasOnlySecureContent)
    }

    @Test func htmlLoadedWithAnHTTPSBaseCameOverNoConnection() async throws {
        let page = WebPage()
        _ = await outcome(of: page.load(html: "<p>local", baseURL: URL(string: "https://example.org/")!))
        #expect(page.serverTrust == nil)
        #expect(!page.hasOnlySecureContent)
    }

    @Test func anHTTPSPageReportsItsCertificateAndItsProblems() async throws {
        let server = try LoopbackHTTPSServer(pages: ["/": html(title: "Secure")])
        let page = try trustingPage(server)
        let trusts = ObservedValues { page.serverTrust?.subjectName }
        let secure = ObservedValues { page.hasOnlySecureContent }

        let result = await outcome(of: page.load(server.url("/")))
        #expect(result.events.last == .finished)
        await until("the secure page's title") { page.title == "Secure" }
        let trust = try #require(page.serverTrust)
        #expect(trust.problems == [.unknownAuthority])
        #expect(!trust.isTrusted)
        #expect(trust.certificateData == (try server.certificateDER()))
        #expect(trust.certificatePEM.hasPrefix("-----BEGIN CERTIFICATE-----"))
        #expect(trust.subjectName == "CN=lakes.test")
        #expect(trust.issuerName == "CN=lakes.test")
        #expect(trust.dnsNames == ["lakes.test"])
        let validFrom = try #require(trust.notValidBefore)
        let validTo = try #require(trust.notValidAfter)
        #expect(validFrom < Date() && Date() < validTo)
        #expect(page.hasOnlySecureContent)
        await until("the changes were observed") {
            trusts.values == [nil, "CN=lakes.test"] && secure.values == [false, true]
        }

        // Back to plain HTTP: no certificate any more.
        let plain = try TestHTTPServer { _ in .html(html(title: "Plain")) }
        _ = await outcome(of: page.load(plain.url("/")))
        #expect(page.serverTrust == nil)
        #expect(!page.hasOnlySecureContent)
        await until("the change was observed") { trusts.values.last == .some(nil) }
    }

    @Test func anInsecureImageInASecurePageIsInsecureContent() async throws {
        let dot = Self.dot
        let images = try TestHTTPServer { _ in
            TestHTTPServer.Response(headers: ["Content-Type": "image/png"], body: dot)
        }
        let server = try LoopbackHTTPSServer(pages: [
            "/": html(title: "Secure"),
            "/mixed": html(title: "Mixed", body: "<img id=dot src='\(images.url("/dot.png"))'>"),
        ])
        let page = try trustingPage(server)
        _ = await outcome(of: page.load(server.url("/")))
        #expect(page.hasOnlySecureContent)

        _ = await outcome(of: page.load(server.url("/mixed")))
        #expect(page.serverTrust != nil)
        // WebKitGTK loads the insecure image; the page reports it.
        await until("the image loaded") {
            (try? await page.callJavaScript("return document.getElementById('dot').naturalWidth") as? Int) == 1
        }
        await until("the insecure image was seen") { !page.hasOnlySecureContent }

        // A new secure document starts secure again.
        _ = await outcome(of: page.load(server.url("/")))
        #expect(page.hasOnlySecureContent)
    }
}
