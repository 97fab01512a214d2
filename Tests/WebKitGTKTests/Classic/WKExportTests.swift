import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct WKExportTests {
    private func tallPage() async -> WKWebView {
        let webView = WKWebView()
        webView.loadHTMLString(
            """
            <title>Tall</title>
            <style>body { margin: 0 } div { height: 3000px; background: linear-gradient(#2a6f97, #f4a261) }</style>
            <div></div>
            """, baseURL: nil)
        await until("loaded") { webView.title == "Tall" && !webView.isLoading }
        return webView
    }

    private func viewport(_ webView: WKWebView) async throws -> (width: Int, height: Int) {
        let width = try #require(try await webView.evaluateJavaScript("innerWidth") as? Int)
        let height = try #require(try await webView.evaluateJavaScript("innerHeight") as? Int)
        return (width, height)
    }

    @Test func aSnapshotIsAPNGOfTheVisibleArea() async throws {
        let webView = await tallPage()
        let (width, height) = try await viewport(webView)
        var answer: (Data?, (any Error)?)?
        webView.takeSnapshot(with: nil) { answer = ($0, $1) }
        await until("the snapshot was taken") { answer != nil }
        #expect(answer?.1 == nil)
        let image = try PNGImage(try #require(answer?.0))
        #expect(image.size == CGSize(width: width, height: height))
    }

    @Test func aSnapshotRectAndWidthAreHonoured() async throws {
        let webView = await tallPage()
        let configuration = WKSnapshotConfiguration()
        configuration.rect = CGRect(x: 0, y: 0, width: 100, height: 50)
        #expect(
            try PNGImage(try await webView.takeSnapshot(configuration: configuration)).size
                == CGSize(width: 100, height: 50))
        configuration.snapshotWidth = 200
        configuration.afterScreenUpdates = false
        #expect(
            try PNGImage(try await webView.takeSnapshot(configuration: configuration)).size
                == CGSize(width: 200, height: 100))
    }

    @Test func createPDFGivesAPDF() async throws {
        let webView = await tallPage()
        var answer: Result<Data, any Error>?
        webView.createPDF { answer = $0 }
        await until("the PDF was made") { answer != nil }
        let pdf = try #require(try answer?.get())
        #expect(pdf.starts(with: Data("%PDF".utf8)))
        let part = WKPDFConfiguration()
        part.rect = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(try await webView.pdf(configuration: part).starts(with: Data("%PDF".utf8)))
    }

    @Test func theWebArchiveIsMHTML() async throws {
        let webView = await tallPage()
        var answer: Result<Data, any Error>?
        webView.createWebArchiveData { answer = $0 }
        await until("the archive was made") { answer != nil }
        let text = String(decoding: try #require(try answer?.get()), as: UTF8.self)
        #expect(text.contains("multipart/related"))
        #expect(String(decoding: try await webView.webArchiveData(), as: UTF8.self).contains("multipart/related"))
    }

    @Test func aClosedWebViewFailsWithInvalidated() async throws {
        let webView = await tallPage()
        webView.page.close()
        await #expect(throws: WKError(.webViewInvalidated)) { try await webView.webArchiveData() }
        await #expect(throws: WKError(.webViewInvalidated)) { try await webView.pdf() }
    }
}
