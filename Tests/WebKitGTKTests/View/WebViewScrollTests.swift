import CWebKitGTK
import Foundation
import Observation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

/// A reader's model, as an app keeps its scroll position.
@MainActor
@Observable
final class Reader {
    var position = ScrollPosition(idType: String.self)
}

@MainActor
@Suite(.serialized)
struct WebViewScrollTests {
    /// Four 900-pixel sections, 3000 pixels wide, so that both axes scroll.
    static let wide = """
        <style>body { margin: 0; width: 3000px } section { height: 900px } h2 { margin: 0; height: 100px }</style>
        <section><h2 id="one">One</h2></section><section><h2 id="two">Two</h2></section>
        <section><h2 id="three">Three</h2></section><section><h2 id="four">Four</h2></section>
        """

    /// A view in a shown 800×600 window, with `html` loaded and its first geometry reported.
    private func shownView(_ html: String = Self.wide) async -> (WebView, TestWindow) {
        let view = WebView(WebPage())
        let window = TestWindow(showing: view, width: 800, height: 600)
        _ = await outcome(of: view.page.load(html: html))
        await until("the first geometry") { view.page.scrollGeometry?.containerSize.width == 800 }
        return (view, window)
    }

    private func binding(to reader: Reader) -> Binding<ScrollPosition> {
        Binding(get: { reader.position }, set: { reader.position = $0 })
    }

    /// The page's scroll offset, read from the page itself.
    private func offset(of page: WebPage) async throws -> CGPoint {
        let values = try await page.callJavaScript("return [scrollX, scrollY]") as? [NSNumber]
        return CGPoint(x: values?[0].doubleValue ?? .nan, y: values?[1].doubleValue ?? .nan)
    }

    /// How far the page can scroll on each axis.
    private func maximumOffset(of page: WebPage) async throws -> CGPoint {
        let values =
            try await page.callJavaScript(
                """
                const root = document.scrollingElement;
                return [root.scrollWidth - root.clientWidth, root.scrollHeight - root.clientHeight]
                """) as? [NSNumber]
        return CGPoint(x: values?[0].doubleValue ?? .nan, y: values?[1].doubleValue ?? .nan)
    }

    private func waitForOffset(
        _ expected: CGPoint, of page: WebPage, _ what: Comment, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await until(what, sourceLocation: sourceLocation) {
            guard page.scrollGeometry?.contentOffset == expected else { return false }
            return (try? await offset(of: page)) == expected
        }
    }

    @Test func everyScrollPositionRequestMovesTheShownPage() async throws {
        let (view, window) = await shownView()
        defer { window.close() }
        let page = view.page
        let reader = Reader()
        view.webViewScrollPosition(binding(to: reader))
        let maximum = try await maximumOffset(of: page)
        #expect(maximum.x > 0 && maximum.y > 0)

        reader.position.scrollTo(y: 500)
        await waitForOffset(CGPoint(x: 0, y: 500), of: page, "y")
        reader.position.scrollTo(x: 300)
        await waitForOffset(CGPoint(x: 300, y: 500), of: page, "x, keeping y")
        reader.position.scrollTo(point: CGPoint(x: 100, y: 200))
        await waitForOffset(CGPoint(x: 100, y: 200), of: page, "a point")
        reader.position.scrollTo(x: 50, y: 60)
        await waitForOffset(CGPoint(x: 50, y: 60), of: page, "x and y")
        reader.position.scrollTo(edge: .bottom)
        await waitForOffset(CGPoint(x: 50, y: maximum.y), of: page, "the bottom edge")
        reader.position.scrollTo(edge: .trailing)
        await waitForOffset(CGPoint(x: maximum.x, y: maximum.y), of: page, "the trailing edge")
        reader.position.scrollTo(edge: .top)
        await waitForOffset(CGPoint(x: maximum.x, y: 0), of: page, "the top edge")
        reader.position.scrollTo(edge: .leading)
        await waitForOffset(CGPoint(x: 0, y: 0), of: page, "the leading edge")
        reader.position.scrollTo(id: "three", anchor: .topLeading)
        await waitForOffset(CGPoint(x: 0, y: 1800), of: page, "the element's top at the top")
        #expect(reader.position.viewID(type: String.self) == "three")
    }

    @Test func anchorsLineTheElementUpWithTheView() async throws {
        let (view, window) = await shownView()
        defer { window.close() }
        let reader = Reader()
        view.webViewScrollPosition(binding(to: reader))
        let size = try #require(
            try await view.page.callJavaScript(
                "return [document.scrollingElement.clientWidth, document.scrollingElement.clientHeight]")
                as? [NSNumber])
        let (width, height) = (size[0].doubleValue, size[1].doubleValue)

        // "two" spans 0…3000 × 900…1000: its centre goes to the view's centre.
        reader.position.scrollTo(id: "two", anchor: .center)
        let centred = CGPoint(x: 1500 - width / 2, y: 950 - height / 2)
        await until("centred") {
            guard let offset = try? await offset(of: view.page) else { return false }
            return abs(offset.x - centred.x) <= 1 && abs(offset.y - centred.y) <= 1
        }
        reader.position.scrollTo(id: "three", anchor: .bottomLeading)  // its bottom at the view's bottom
        await waitForOffset(CGPoint(x: 0, y: 1900 - height), of: view.page, "bottom to bottom")
        reader.position.scrollTo(id: "four")  // no anchor: as little as shows it
        await waitForOffset(CGPoint(x: 0, y: 2800 - height), of: view.page, "just shown")
        reader.position.scrollTo(id: "four")  // already shown: stays
        await never("the page scrolls", within: .milliseconds(100)) {
            (try? await offset(of: view.page)) != CGPoint(x: 0, y: 2800 - height)
        }
        #expect(try await offset(of: view.page) == CGPoint(x: 0, y: 2800 - height))
    }

    @Test func askingForTheSamePlaceAgainScrollsAgain() async throws {
        let (view, window) = await shownView()
        defer { window.close() }
        let reader = Reader()
        view.webViewScrollPosition(binding(to: reader))
        reader.position.scrollTo(id: "three", anchor: .topLeading)
        await waitForOffset(CGPoint(x: 0, y: 1800), of: view.page, "the section")
        try await view.page.callJavaScript("scrollTo(0, 0)")  // the reader scrolls away
        await waitForOffset(.zero, of: view.page, "the reader's own scroll")
        reader.position.scrollTo(id: "three", anchor: .topLeading)
        await waitForOffset(CGPoint(x: 0, y: 1800), of: view.page, "the section again")
    }

    @Test func aMissingIdLeavesThePageWhereItIsAndIsLogged() async throws {
        let (view, window) = await shownView()
        defer { window.close() }
        let reader = Reader()
        view.webViewScrollPosition(binding(to: reader))
        reader.position.scrollTo(y: 400)
        await waitForOffset(CGPoint(x: 0, y: 400), of: view.page, "y = 400")
        reader.position.scrollTo(id: "nowhere", anchor: .top)
        await until("the failure was noted") { view.scrollPositionFollower?.lastFailure != nil }
        #expect(view.scrollPositionFollower?.lastFailure?.position.viewID(type: String.self) == "nowhere")
        #expect(try await offset(of: view.page) == CGPoint(x: 0, y: 400))
        reader.position.scrollTo(id: "two", anchor: .topLeading)  // the view still follows
        await waitForOffset(CGPoint(x: 0, y: 900), of: view.page, "the next request")
    }

    @Test func thePositionHeldWhenBoundIsAppliedAtOnce() async throws {
        let (view, window) = await shownView()
        defer { window.close() }
        let reader = Reader()
        reader.position = ScrollPosition(y: 700)
        view.webViewScrollPosition(binding(to: reader))
        await waitForOffset(CGPoint(x: 0, y: 700), of: view.page, "the bound position")
    }

    @Test func aConstantPositionAndAnAnimatedOneAreFollowed() async throws {
        let (view, window) = await shownView()
        defer { window.close() }
        view.webViewScrollPosition(.constant(ScrollPosition(x: 10, y: 20)))
        await waitForOffset(CGPoint(x: 10, y: 20), of: view.page, "the constant position")

        var offsets: [CGFloat] = []
        view.webViewOnScrollGeometryChange(for: CGFloat.self, of: \.contentOffset.y) { offsets.append($1) }
        let reader = Reader()
        view.webViewScrollPosition(binding(to: reader), animated: true)
        reader.position.scrollTo(id: "four", anchor: .topLeading)
        await waitForOffset(CGPoint(x: 0, y: 2700), of: view.page, "the animated scroll's end")
        #expect(offsets.count > 2, "a smooth scroll passes through several offsets: \(offsets)")
        #expect(offsets == offsets.sorted())
    }

    @Test func theViewStopsFollowingWhenItGoes() async throws {
        let (view, window) = await shownView()
        let page = view.page
        let reader = Reader()
        view.webViewScrollPosition(binding(to: reader))
        reader.position.scrollTo(y: 300)
        await waitForOffset(CGPoint(x: 0, y: 300), of: page, "followed while shown")
        window.close()  // the view goes; the page is parked offscreen
        reader.position.scrollTo(y: 900)
        await never("the page follows the gone view", within: .milliseconds(200)) {
            (try? await offset(of: page).y) != 300
        }
        #expect(try await offset(of: page).y == 300)
    }

    @Test func aReplacedBindingIsNoLongerFollowed() async throws {
        let (view, window) = await shownView()
        defer { window.close() }
        let first = Reader()
        let second = Reader()
        view.webViewScrollPosition(binding(to: first))
        view.webViewScrollPosition(binding(to: second))
        first.position.scrollTo(y: 800)
        await never("the page follows the replaced binding", within: .milliseconds(200)) {
            (try? await offset(of: view.page)) != .zero
        }
        #expect(try await offset(of: view.page) == .zero)
        second.position.scrollTo(y: 100)
        await waitForOffset(CGPoint(x: 0, y: 100), of: view.page, "the new binding")
    }

    // MARK: webViewOnScrollGeometryChange

    @Test func geometryActionsGetTheOldAndTheNewValue() async throws {
        let (view, window) = await shownView()
        defer { window.close() }
        var changes: [[CGFloat]] = []
        view
            .webViewOnScrollGeometryChange(for: CGFloat.self, of: \.contentOffset.y) { old, new in
                changes.append([old, new])
            }
            .webViewOnScrollGeometryChange(for: CGRect.self, of: \.visibleRect) { _, _ in }
        try await view.page.scroll(to: ScrollPosition(y: 500))
        await until("the first change") { changes.count == 1 }
        try await view.page.scroll(to: ScrollPosition(y: 900))
        await until("the second change") { changes.count == 2 }
        #expect(changes == [[0, 500], [500, 900]])
    }

    @Test func theFirstReportIsComparedWithAZeroGeometry() async throws {
        let view = WebView(WebPage())
        let window = TestWindow(showing: view)
        defer { window.close() }
        var heights: [[CGFloat]] = []
        view.webViewOnScrollGeometryChange(for: CGFloat.self, of: \.contentSize.height) { heights.append([$0, $1]) }
        _ = await outcome(of: view.page.load(html: ScrollTests.tall))
        await until("the document's height") { heights.last?.last == 3600 }
        #expect(heights.first?.first == 0)
    }

    @Test func geometryActionsEndWhenTheViewGoes() async throws {
        let (view, window) = await shownView()
        let page = view.page
        var whileShown: [CGFloat] = []
        view.webViewOnScrollGeometryChange(for: CGFloat.self, of: \.contentOffset.y) { whileShown.append($1) }
        try await page.scroll(to: ScrollPosition(y: 100))
        await until("the shown view's action") { whileShown == [100] }
        window.close()  // the view goes, though the object lives on
        try await page.scroll(to: ScrollPosition(y: 600))
        await until("the page's geometry") { page.scrollGeometry?.contentOffset.y == 600 }
        #expect(whileShown == [100])
        view.webViewOnScrollGeometryChange(for: CGFloat.self, of: \.contentOffset.y) { whileShown.append($1) }
        #expect(page.scrollObservers.isEmpty, "a view that no longer shows the page adds no action")

        let other = WebPage()
        var dropped: WebView? = WebView(other)
        dropped?.webViewOnScrollGeometryChange(for: CGFloat.self, of: \.contentOffset.y) { _, _ in }
        #expect(other.scrollObservers.count == 1)
        dropped = nil
        #expect(other.scrollObservers.isEmpty)
    }
}
