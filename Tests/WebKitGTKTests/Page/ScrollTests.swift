import CWebKitGTK
import Foundation
import Observation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct ScrollTests {
    static let tall = """
        <style>body { margin: 0 } section { height: 900px } h2 { margin: 0 }</style>
        <section><h2 id="one">One</h2></section><section><h2 id="two">Two</h2></section>
        <section><h2 id="three">Three</h2></section><section><h2 id="four">Four</h2></section>
        """

    private func page() async -> WebPage {
        let page = WebPage()
        _ = await outcome(of: page.load(html: Self.tall))
        await until("the first geometry") { page.scrollGeometry != nil }
        return page
    }

    @Test func geometryIsReportedOnlyOnceSomethingAsksForIt() async throws {
        let page = WebPage()
        _ = await outcome(of: page.load(html: Self.tall))
        try await page.callJavaScript("scrollTo(0, 300)")
        await never("the page reports unasked", within: .milliseconds(300)) { page.reportedScrollGeometry != nil }
        #expect(page.reportedScrollGeometry == nil, "nothing asked, so the page reported nothing")

        #expect(page.scrollGeometry == nil, "the first read starts the reports")
        await until("the current document reported") { page.scrollGeometry?.contentOffset.y == 300 }
        // From then on, every document reports, once each.
        _ = await outcome(of: page.load(html: Self.tall + "<p>again</p>"))
        try await page.callJavaScript("scrollTo(0, 100)")
        await until("the next document reported") { page.scrollGeometry?.contentOffset.y == 100 }
        #expect(try await page.callJavaScript("return window.__webkitgtkSwiftScrollReporter") == nil)
    }

    @Test func theGeometryIsObservableAfterReportsThatNoOneRead() async throws {
        let page = WebPage()
        _ = await outcome(of: page.load(html: Self.tall))
        // An observer starts the reports without reading the property.
        var offsets: [CGFloat] = []
        let token = page.onScrollGeometryChange(for: CGFloat.self, of: \.contentOffset.y) { offsets.append($1) }
        await until("the first report") { page.reportedScrollGeometry != nil }
        try await page.callJavaScript("scrollTo(0, 300)")
        await until("the observer saw the scroll") { offsets.last == 300 }

        final class Changes: @unchecked Sendable { var count = 0 }
        let changes = Changes()
        let read = withObservationTracking {
            page.scrollGeometry
        } onChange: {
            changes.count += 1
        }
        #expect(read?.contentOffset.y == 300, "reports no one read are kept")
        try await page.callJavaScript("scrollTo(0, 600)")
        await until("Observation told of the change") { changes.count == 1 }
        #expect(page.scrollGeometry?.contentOffset.y == 600)
        _ = token
    }

    @Test func geometryDescribesThePageInCoreGraphicsTypes() async throws {
        let page = await page()
        let geometry = try #require(page.scrollGeometry)
        #expect(geometry.contentOffset == CGPoint.zero)
        #expect(geometry.contentSize.height == 3600)
        #expect(geometry.containerSize == CGSize(width: 1024, height: 768))
        #expect(geometry.contentInsets == EdgeInsets())
        #expect(geometry.visibleRect == CGRect(x: 0, y: 0, width: 1024, height: 768))
    }

    @Test func visibleRectAndBoundsMoveWithTheScroll() async throws {
        let page = await page()
        try await page.scroll(to: ScrollPosition(y: 500))
        await until("the geometry followed") { page.scrollGeometry?.contentOffset.y == 500 }
        let geometry = try #require(page.scrollGeometry)
        #expect(geometry.visibleRect == CGRect(x: 0, y: 500, width: 1024, height: 768))
        #expect(geometry.bounds == geometry.visibleRect)  // no content insets on WebKitGTK
        #expect(geometry.visibleRect.maxY == 1268)
    }

    @Test func geometryFollowsItsPropertiesAsSwiftUIsDoes() {
        var geometry = ScrollGeometry(
            contentOffset: CGPoint(x: 10, y: 20), contentSize: CGSize(width: 2000, height: 3000),
            contentInsets: EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4),
            containerSize: CGSize(width: 300, height: 400))
        #expect(geometry.bounds == CGRect(x: 10, y: 20, width: 300, height: 400))
        geometry.contentOffset.y = 120
        geometry.containerSize.width = 500
        #expect(geometry.visibleRect == CGRect(x: 10, y: 120, width: 500, height: 400))
        #expect(EdgeInsets() == EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0))
    }

    @Test func scrollingToAnIdPutsTheElementAtTheTop() async throws {
        let page = await page()
        try await page.scroll(to: ScrollPosition(id: "three", anchor: .top))
        let top = try await page.callJavaScript("return document.getElementById('three').getBoundingClientRect().top")
        #expect((top as? NSNumber)?.doubleValue == 0)
        await until("the geometry followed") { page.scrollGeometry?.contentOffset.y == 1800 }
        try await page.scroll(to: ScrollPosition(edge: .bottom))
        await until("the bottom") { page.scrollGeometry?.contentOffset.y == 3600 - 768 }
        try await page.scroll(to: ScrollPosition(y: 100))
        await until("y = 100") { page.scrollGeometry?.contentOffset.y == 100 }
    }

    @Test func aMissingOrUnusableIdIsAClearError() async throws {
        let page = await page()
        try await page.scroll(to: ScrollPosition(y: 300))
        await #expect(throws: JavaScriptError.self) { try await page.scroll(to: ScrollPosition(id: "nowhere")) }
        struct Opaque: Hashable, Sendable {}
        await #expect(throws: JavaScriptError.self) { try await page.scroll(to: ScrollPosition(id: Opaque())) }
        let offset = try await page.callJavaScript("return scrollY") as? NSNumber
        #expect(offset?.doubleValue == 300)
        try await page.scroll(to: ScrollPosition())  // asks for nothing: does nothing
    }

    @Test func programmaticScrollingReachesTheActionOnlyWhenTheValueChanges() async throws {
        let page = await page()
        var changes: [(CGFloat, CGFloat)] = []
        let token = page.onScrollGeometryChange(for: CGFloat.self, of: \.contentOffset.y) {
            changes.append(($0, $1))
        }
        var widths: [CGFloat] = []
        let widthToken = page.onScrollGeometryChange(for: CGFloat.self, of: \.contentSize.width) {
            widths.append($1)
        }
        try await page.scroll(to: ScrollPosition(y: 500))
        await until("the action ran") { !changes.isEmpty }
        #expect(changes.first.map { [$0.0, $0.1] } == [0, 500])
        #expect(widths.isEmpty)  // the width did not change
        token.cancel()
        try await page.scroll(to: ScrollPosition(y: 900))
        await never("the cancelled action runs", within: .milliseconds(150)) { changes.count != 1 }
        #expect(changes.count == 1)
        _ = widthToken
    }

    @Test func wheelScrollingReachesTheGeometryAction() async throws {
        let view = WebView(WebPage())
        let window = TestWindow(showing: view, width: 800, height: 600)
        defer { window.close() }
        _ = await outcome(of: view.page.load(html: Self.tall))
        await until("the first geometry") { view.page.scrollGeometry != nil }
        var offsets: [CGFloat] = []
        view.webViewOnScrollGeometryChange(for: CGFloat.self, of: \.contentOffset.y) { offsets.append($1) }
        // A person turns the wheel: GDK scroll events on the engine's window.
        let engine = UnsafeMutablePointer<GtkWidget>(view.page.engineObjectForTesting)
        let seat = gdk_display_get_default_seat(gdk_display_get_default())
        for _ in 0..<5 {
            let event = gdk_event_new(GDK_SCROLL)!
            event.pointee.scroll.window = OpaquePointer(
                g_object_ref(UnsafeMutableRawPointer(gtk_widget_get_window(engine))))
            event.pointee.scroll.direction = GDK_SCROLL_DOWN
            event.pointee.scroll.x = 100
            event.pointee.scroll.y = 100
            event.pointee.scroll.time = guint32(GDK_CURRENT_TIME)
            gdk_event_set_device(event, gdk_seat_get_pointer(seat))
            gtk_widget_event(engine, event)
            gdk_event_free(event)
        }
        await until("the wheel scrolled the page") { (offsets.last ?? 0) > 0 }
        #expect(view.page.scrollGeometry?.contentOffset.y ?? 0 > 0)
    }

    @Test func aThousandScrollsInOneFrameGiveAtMostAFewActions() async throws {
        let page = await page()
        var actions = 0
        let token = page.onScrollGeometryChange(for: CGFloat.self, of: \.contentOffset.y) { _, _ in actions += 1 }
        try await page.callJavaScript("for (let i = 1; i <= 1000; i++) window.scrollTo(0, i)")
        await until("the last position arrived") { page.scrollGeometry?.contentOffset.y == 1000 }
        await never("more than three actions run", within: .milliseconds(100)) { actions > 3 }
        #expect(actions >= 1 && actions <= 3, "\(actions) actions")
        _ = token
    }

    @Test func geometryKeepsComingAcrossNavigations() async throws {
        let page = await page()
        var offsets: [CGFloat] = []
        let token = page.onScrollGeometryChange(for: CGFloat.self, of: \.contentOffset.y) { offsets.append($1) }
        _ = await outcome(of: page.load(html: Self.tall + "<p>again"))
        try await page.scroll(to: ScrollPosition(y: 250))
        await until("the new page reported") { offsets.last == 250 }
        _ = token
    }

    @Test func thePageCannotFakeTheGeometry() async throws {
        let page = await page()
        // The page's world has no access to the reporter's handler.
        let reachable = try await page.callJavaScript(
            "return typeof window.webkit?.messageHandlers?.webkitgtkSwiftScrollGeometry")
        #expect(reachable as? String == "undefined")
    }

    @Test func aReportThatIsNotSixFiniteNumbersIsDropped() async throws {
        let page = await page()
        // The page's own reporter may still report its real geometry (offset 0) at any time;
        // what matters is which of the posted reports get through.
        var reports: [ScrollGeometry] = []
        let token = page.onScrollGeometryChange(for: ScrollGeometry.self, of: { $0 }) { _, new in
            reports.append(new)
        }
        // Each malformed report carries an offset of its own, which must never be seen.
        try await page.callJavaScript(
            """
            const post = (report) => webkit.messageHandlers.\(WebPage.scrollHandlerName).postMessage(report);
            post([0, 111, 1024, 3600, 1024]);
            post([0, 222, 1024, 3600, 1024, 768, 1]);
            post([0, 333, '1024', 3600, 1024, 768]);
            post([0, 444, NaN, 3600, 1024, 768]);
            post([0, 555, Infinity, 3600, 1024, 768]);
            post({ length: 6, 0: 0, 1: 666, 2: 1024, 3: 3600, 4: 1024, 5: 768 });
            post('0,777,1024,3600,1024,768');
            post([0, 888, true, 3600, 1024, 768]);
            post([0, [999], 1024, 3600, 1024, 768]);
            post([0, 42, 1024, 3600, 1024, 768]);
            """, contentWorld: WebPage.scrollWorld)
        await until("the well-formed report arrived") { reports.contains { $0.contentOffset.y == 42 } }
        #expect(reports.allSatisfy { [0, 42].contains($0.contentOffset.y) }, "\(reports)")
        let wellFormed = try #require(reports.first { $0.contentOffset.y == 42 })
        #expect(wellFormed.contentSize == CGSize(width: 1024, height: 3600))
        _ = token
    }

    @Test func aReportIsReadAsAnArrayOfSixFiniteNumbers() throws {
        let context = try #require(jsc_context_new())
        defer { g_object_unref(context) }
        func numbers(_ source: String) -> [Double]? {
            guard let value = jsc_context_evaluate(context, source, -1) else { return nil }
            defer { g_object_unref(value) }
            return WebPage.reportedNumbers(value)
        }
        #expect(numbers("[0, 1440, 1024, 10816, 1024, 768]") == [0, 1440, 1024, 10816, 1024, 768])
        #expect(
            numbers("[-0.5, 12.25, 1e21, 5e-324, 3, 4]") == [-0.5, 12.25, 1e21, Double.leastNonzeroMagnitude, 3, 4])
        for malformed in [
            "[]", "[0, 1, 2, 3, 4]", "[0, 1, 2, 3, 4, 5, 6]", "[0, 1, 2, 3, 4, null]", "[0, 1, 2, 3, 4, '5']",
            "[0, 1, 2, 3, 4, true]", "[0, 1, 2, 3, 4, [5]]", "[0, 1, 2, 3, 4, new Number(5)]", "[0, 1, 2, 3, 4, NaN]",
            "[0, 1, 2, 3, 4, Infinity]", "[0, 1, 2, 3, 4, -1e999]", "[0, 1, 2, 3, 4, , ]", "'0,1,2,3,4,5'",
            "({ 0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5 })", "null", "undefined", "42",
        ] {
            #expect(numbers(malformed) == nil, "\(malformed)")
        }
    }
}
