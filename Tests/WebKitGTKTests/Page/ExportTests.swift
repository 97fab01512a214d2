import CWebKitGTK
import Foundation
import TestSupport
import Testing

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct ExportTests {
    /// A 1024-wide page 3000 px tall, painted top to bottom with a gradient.
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

    /// A page 2000 px tall with no background and a red box at (100, 200), 50 × 40.
    private func boxPage() async -> WebPage {
        let page = WebPage()
        _ = await outcome(
            of: page.load(
                html: """
                    <style>
                    html, body { margin: 0; height: 2000px; background: transparent }
                    #box { position: absolute; left: 100px; top: 200px; width: 50px; height: 40px; background: rgb(255, 0, 0) }
                    </style>
                    <div id="box"></div>
                    """))
        return page
    }

    private let box = CGRect(x: 100, y: 200, width: 50, height: 40)

    @Test func theWholeContentImageHasTheDocumentsSize() async throws {
        let page = await tallPage()
        let image = try PNGImage(try await page.exported(as: .image()))
        let width = try await page.callJavaScript("return document.documentElement.scrollWidth") as? Int
        #expect(image.width == width)
        #expect(image.height == 3000)
        // Top and bottom show the gradient's two ends.
        #expect(image.pixel(x: 10, y: 0).isClose(to: (0x2a, 0x6f, 0x97, 255)))
        #expect(image.pixel(x: 10, y: 2999).isClose(to: (0xf4, 0xa2, 0x61, 255)))
        // Apple's `exported(as: .image)` spelling means the same.
        let plain = try PNGImage(try await page.exported(as: .image))
        #expect(plain.size == image.size)
    }

    @Test func aRectImageIsCutToTheRectAndShowsWhatIsThere() async throws {
        let page = await boxPage()
        let image = try PNGImage(
            try await page.exported(as: .image(region: .rect(CGRect(x: 90, y: 190, width: 80, height: 60)))))
        #expect(image.size == CGSize(width: 80, height: 60))
        #expect(image.pixel(x: 15, y: 15).isClose(to: (255, 0, 0, 255)), "the box, at (105, 205) of the page")
        #expect(image.pixel(x: 2, y: 2).isClose(to: (255, 255, 255, 255)), "the page beside it, at (92, 192)")
        #expect(image.pixel(x: 79, y: 59).isClose(to: (255, 255, 255, 255)), "the page after it, at (169, 249)")
    }

    @Test func snapshotWidthScalesTheImageKeepingItsAspectRatio() async throws {
        let page = await tallPage()
        let whole = try PNGImage(try await page.exported(as: .image(snapshotWidth: 256)))
        let width = try #require(try await page.callJavaScript("return document.documentElement.scrollWidth") as? Int)
        #expect(whole.width == 256)
        #expect(whole.height == Int((3000 * 256 / Double(width)).rounded()))

        let boxed = await boxPage()
        let region = try PNGImage(try await boxed.exported(as: .image(region: .rect(box), snapshotWidth: 100)))
        #expect(region.size == CGSize(width: 100, height: 80))
        #expect(region.pixel(x: 50, y: 40).isClose(to: (255, 0, 0, 255)))
    }

    @Test func aTransparentBackgroundIsTransparentWhereThePageDrawsNone() async throws {
        let page = await boxPage()
        let clear = try PNGImage(try await page.exported(as: .image(allowTransparentBackground: true)))
        #expect(clear.pixel(x: 10, y: 10).alpha == 0)
        #expect(clear.pixel(x: 120, y: 220).isClose(to: (255, 0, 0, 255)))

        let opaque = try PNGImage(try await page.exported(as: .image()))
        #expect(opaque.pixel(x: 10, y: 10).isClose(to: (255, 255, 255, 255)))
        #expect(opaque.pixel(x: 120, y: 220).isClose(to: (255, 0, 0, 255)))
    }

    @Test func aPDFIsTransparentOnlyWhenAllowed() async throws {
        let page = await boxPage()
        let clear = PDFFile(try await page.exported(as: .pdf(allowTransparentBackground: true)))
        let opaque = PDFFile(try await page.exported(as: .pdf()))
        // cairo gives an image with transparent pixels a soft mask; an opaque one has none.
        #expect(clear.text.contains("/SMask"))
        #expect(!opaque.text.contains("/SMask"))
    }

    @Test func theContentPDFIsOnePageTheSizeOfTheDocument() async throws {
        let page = await tallPage()
        let pdf = PDFFile(try await page.exported(as: .pdf()))
        #expect(pdf.isComplete)
        let width = try #require(try await page.callJavaScript("return document.documentElement.scrollWidth") as? Int)
        #expect(pdf.pageCount == 1)
        #expect(pdf.mediaBoxes == [CGRect(x: 0, y: 0, width: Double(width), height: 3000)])
        // Apple's `exported(as: .pdf)` spelling means the same.
        #expect(PDFFile(try await page.exported(as: .pdf)).mediaBoxes == pdf.mediaBoxes)
    }

    @Test func aRegionPDFIsOnePageTheSizeOfTheRect() async throws {
        let page = await boxPage()
        let pdf = PDFFile(
            try await page.exported(as: .pdf(region: .rect(CGRect(x: 80.5, y: 180, width: 300, height: 200)))))
        #expect(pdf.isComplete)
        #expect(pdf.pageCount == 1)
        #expect(pdf.mediaBoxes == [CGRect(x: 0, y: 0, width: 300, height: 200)])
    }

    @Test func aRectLargerThanThePageIsClippedToTheDocument() async throws {
        let page = await tallPage()
        let width = try #require(try await page.callJavaScript("return document.documentElement.scrollWidth") as? Int)
        let beyond = CGRect(x: -100, y: 2900, width: 5000, height: 500)
        let image = try PNGImage(try await page.exported(as: .image(region: .rect(beyond))))
        #expect(image.size == CGSize(width: width, height: 100))
        #expect(image.pixel(x: 10, y: 99).isClose(to: (0xf4, 0xa2, 0x61, 255)))
        let pdf = PDFFile(try await page.exported(as: .pdf(region: .rect(beyond))))
        #expect(pdf.mediaBoxes == [CGRect(x: 0, y: 0, width: Double(width), height: 100)])
    }

    @Test(arguments: [
        CGRect(x: 5000, y: 0, width: 10, height: 10), CGRect(x: 0, y: -50, width: 10, height: 50),
        CGRect(x: 10, y: 10, width: 0, height: 10), .null,
    ])
    func aRectOutsideThePageOrEmptyThrows(rect: CGRect) async throws {
        let page = await tallPage()
        await #expect(throws: WebPage.ExportError.emptyRegion) {
            try await page.exported(as: .image(region: .rect(rect)))
        }
        await #expect(throws: WebPage.ExportError.emptyRegion) {
            try await page.exported(as: .pdf(region: .rect(rect)))
        }
    }

    @Test func aRectOfNumbersThatAreNotFiniteThrows() async throws {
        let page = await tallPage()
        await #expect(throws: WebPage.ExportError.invalidRegion) {
            try await page.exported(as: .image(region: .rect(CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10))))
        }
        await #expect(throws: WebPage.ExportError.invalidRegion) {
            try await page.exported(as: .pdf(region: .rect(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10))))
        }
    }

    @Test(arguments: [0, -5, .infinity, .nan] as [CGFloat])
    func aSnapshotWidthThatIsNotAboveZeroThrows(width: CGFloat) async throws {
        let page = await tallPage()
        await #expect(throws: WebPage.ExportError.invalidSnapshotWidth) {
            try await page.exported(as: .image(snapshotWidth: width))
        }
    }

    @Test func anImageTooLargeForCairoThrows() async throws {
        let page = await tallPage()
        await #expect(throws: WebPage.ExportError.imageTooLarge) {
            try await page.exported(as: .image(snapshotWidth: 1e12))
        }
    }

    @Test func afterScreenUpdatesWaitsForTheNextFrame() async throws {
        let page = await boxPage()
        // A snapshot taken at once catches a change due in the next animation frame only
        // now and then (about one time in four here); one taken after it, every time.
        for round in 0..<10 {
            let colour = round.isMultiple(of: 2) ? (0, 0, 255, 255) : (255, 0, 0, 255)
            try await page.callJavaScript(
                "requestAnimationFrame(() => document.getElementById('box').style.background = colour)",
                arguments: ["colour": "rgb(\(colour.0), \(colour.1), \(colour.2))"])
            let image = try PNGImage(try await page.exported(as: .image(region: .rect(box), afterScreenUpdates: true)))
            #expect(image.pixel(x: 25, y: 20).isClose(to: colour), "round \(round)")
        }
    }

    @Test func thePrintedPDFIsPaginatedOnTheDefaultPaper() async throws {
        let page = await tallPage()
        let pdf = PDFFile(try await page.printedPDF())
        #expect(pdf.isComplete)
        #expect(pdf.pageCount >= 2, "a 3000 px page prints on several sheets")
        let boxes = Set(pdf.mediaBoxes.map { "\($0.width)x\($0.height)" })
        // GTK's default paper is A4 or US Letter, depending on the locale.
        #expect(boxes == ["595.0x842.0"] || boxes == ["612.0x792.0"], "\(boxes)")
    }

    @Test func thePrintedPDFUsesTheGivenPageSize() async throws {
        let page = await tallPage()
        let pdf = PDFFile(try await page.printedPDF(pageSize: CGSize(width: 300, height: 400)))
        #expect(pdf.pageCount >= 4)
        #expect(Set(pdf.mediaBoxes) == [CGRect(x: 0, y: 0, width: 300, height: 400)])
        await #expect(throws: WebPage.ExportError.invalidPageSize) {
            try await page.printedPDF(pageSize: CGSize(width: 0, height: 400))
        }
    }

    @Test func aClosedPageThrows() async throws {
        let page = await tallPage()
        page.close()
        for configuration in [WebPage.ExportedContentConfiguration.image(), .pdf()] {
            await #expect {
                try await page.exported(as: configuration)
            } throws: {
                if case .pageClosed = $0 as? WebPage.NavigationError { true } else { false }
            }
        }
        await #expect {
            try await page.printedPDF()
        } throws: {
            if case .pageClosed = $0 as? WebPage.NavigationError { true } else { false }
        }
    }
}
