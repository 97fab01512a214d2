import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct MediaTypeTests {
    private let red = "rgb(255, 0, 0)"
    private let black = "rgb(0, 0, 0)"
    private let blue = "rgb(0, 0, 255)"
    private let green = "rgb(0, 128, 0)"
    private let teal = "rgb(0, 128, 128)"

    /// Style for print and for the screen, inline, in a `<style media>` and in a `<link media>`.
    private let document = """
        <style>
          body { color: rgb(0, 0, 0) }
          @media print { body { color: rgb(255, 0, 0) } }
          @media screen and (min-width: 1px) { p { color: rgb(0, 0, 255) } }
          @media not print { em { color: rgb(0, 128, 128) } }
        </style>
        <style media="print">h1 { color: rgb(0, 128, 0) }</style>
        <link rel="stylesheet" media="print" href="data:text/css,strong%20%7B%20color%3A%20rgb(0%2C%20128%2C%200)%20%7D">
        <h1>Crater Lake</h1><p>deep</p><em>blue</em><strong>clear</strong>
        """

    /// The colours of body, h1, p, em and strong, and whether `matchMedia` sees print.
    private struct Look: Decodable, Equatable {
        var colors: [String]
        var matchesPrint: Bool
    }

    private func look(_ page: WebPage) async throws -> Look {
        try await page.callJavaScript(
            """
            const color = (selector) => getComputedStyle(document.querySelector(selector)).color;
            return { colors: ['body', 'h1', 'p', 'em', 'strong'].map(color),
                     matchesPrint: matchMedia('print').matches };
            """, as: Look.self)
    }

    private var screenLook: Look { Look(colors: [black, black, blue, teal, black], matchesPrint: false) }
    private var printLook: Look { Look(colors: [red, green, red, red, green], matchesPrint: true) }

    @Test func appleMediaTypesAreRawValues() {
        #expect(WebPage.CSSMediaType(rawValue: "print") == .print)
        #expect(WebPage.CSSMediaType.screen.rawValue == "screen")
        #expect(WebPage.CSSMediaType.all.rawValue == "all")
        #expect(WebPage().mediaType == nil)
    }

    @Test func printMediaTypeAppliesPrintStyleAcrossNavigationsUntilReset() async throws {
        let page = WebPage()
        let types = ObservedValues { page.mediaType }
        _ = await outcome(of: page.load(html: document))
        await until("the linked style sheet loaded") { (try? await look(page)) == screenLook }

        page.mediaType = .print
        #expect(page.mediaType == .print)
        await until("print style applies") { (try? await look(page)) == printLook }
        #expect(try await page.callJavaScript("return matchMedia('screen').matches") as? Bool == false)

        // A second navigation keeps it, from the start of the new document.
        _ = await outcome(of: page.load(html: document))
        await until("print style applies to the new document") { (try? await look(page)) == printLook }

        page.mediaType = nil
        await until("the content's own style is back") { (try? await look(page)) == screenLook }
        _ = await outcome(of: page.load(html: document))
        await until("the next document has its own style") { (try? await look(page)) == screenLook }
        #expect(types.values == [nil, .print, nil])
    }

    @Test func theMediaTypeOutlivesTheAppRemovingItsScripts() async throws {
        let page = WebPage()
        page.mediaType = .print
        page.configuration.userContentController.removeAllUserScripts()
        _ = await outcome(of: page.load(html: document))
        await until("print style applies") { (try? await look(page)) == printLook }
    }

    @Test func screenMediaTypeSwitchesAwayFromPrint() async throws {
        let page = WebPage()
        page.mediaType = .print
        _ = await outcome(of: page.load(html: document))
        await until("print style applies") { (try? await look(page)) == printLook }
        page.mediaType = .screen
        await until("screen style applies") { (try? await look(page)) == screenLook }
        // A type no rule names matches only rules for all media.
        page.mediaType = WebPage.CSSMediaType(rawValue: "speech")
        let speech = Look(colors: [black, black, black, teal, black], matchesPrint: false)
        await until("only untyped and negated rules apply") { (try? await look(page)) == speech }
    }
}
