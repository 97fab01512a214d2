import Foundation
import TestSupport
import Testing

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct ExportTests {
    /// The width and height a PNG's header gives.
    private func pngSize(_ data: Data) -> (Int, Int)? {
        guard data.count > 24, data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func int(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    private func tallPage() async -> WebPage {
        let page = WebPage()
        _ = await outcome(
            of: page.load(
                html: """
                    <style>body { margin: 0 } div { height: 3000px; background: linear-gradient(#2a6f97, #f4a261) }</style>
                    <div></div>
                    """))
        return page
    }

    @Test func theDocumentImageHasTheDocumentsSizeAndIsNotBlank() async throws {
        let page = await tallPage()
        let png = try await page.exported(as: .image(.document))
        let size = try #require(pngSize(png))
        let documentWidth = try await page.callJavaScript("return document.documentElement.scrollWidth") as? Int
        #expect(size.0 == documentWidth)
        #expect(size.1 == 3000)
        // A gradient compresses far worse than a blank page.
        #expect(png.count > 10_000)
        let visible = try #require(pngSize(try await page.exported(as: .image(.visible))))
        #expect(visible.1 == 768)
    }

    @Test func aRegionImageIsCutToTheRegion() async throws {
        let page = await tallPage()
        let png = try await page.exported(as: .image(.rect(x: 10, y: 100, width: 200, height: 50)))
        #expect(pngSize(png).map { [$0.0, $0.1] } == [200, 50])
        await #expect(throws: WebPage.ExportError.emptyRegion) {
            try await page.exported(as: .image(.rect(x: 5000, y: 0, width: 10, height: 10)))
        }
    }

    @Test func thePDFIsAValidPDFWithPages() async throws {
        let page = await tallPage()
        let pdf = try await page.exported(as: .pdf)
        #expect(pdf.starts(with: Data("%PDF-".utf8)))
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.contains("%%EOF"))
        let pages =
            text.components(separatedBy: "/Type /Page\n").count - 1 + text.components(separatedBy: "/Type /Page ").count
            - 1
        #expect(pages >= 2, "a 3000 px page prints on several sheets")
    }
}
