import Foundation
import Observation
import TestSupport
import Testing
import WebKitGTK
import WebKitGTKTesting

/// Runs the sample the way its screen does: the model's page in a `WebView` that follows
/// the model's scroll position and reports its scroll offset.
@MainActor
@Suite(.serialized)
struct LakesSampleTests {
    /// The sample's screen: a `WebView` of the model's page with its two scroll modifiers.
    private func screen(for model: ArticleViewModel) -> (WebView, TestWindow) {
        let view = WebView(model.page)
            .webViewScrollPosition(Binding(get: { model.scrollPosition }, set: { model.scrollPosition = $0 }))
            .webViewOnScrollGeometryChange(for: CGFloat.self, of: \.contentOffset.y) { _, offset in
                model.scrollOffsetChanged(to: offset)
            }
        return (view, TestWindow(showing: view, width: 800, height: 600))
    }

    @Test func anArticleLoadsFromTheLakesScheme() async throws {
        let model = ArticleViewModel()
        try await model.load(Lake.all[0])
        #expect(model.page.title == "Lake Tahoe")
        #expect(model.page.url == Lake.all[0].url)
    }

    @Test func sectionsAreReadWhenEachArticleFinishes() async throws {
        let model = ArticleViewModel()
        let observer = Task { await model.observeNavigations() }
        defer { observer.cancel() }
        try await model.load(Lake.all[0])
        await until("the sections of Tahoe") { model.sections.count == 4 }
        #expect(model.sections.map(\.title) == ["Geography", "History", "Ecology", "Recreation"])
        #expect(model.sections.map(\.offset) == model.sections.map(\.offset).sorted())

        try await model.load(Lake.all[1])
        await until("the sections of Baikal") { model.page.title == "Lake Baikal" && model.sections.count == 4 }
    }

    @Test func externalLinksAreCancelledAndRecorded() async throws {
        let model = ArticleViewModel()
        let (_, window) = screen(for: model)
        defer { withExtendedLifetime(window) {} }
        try await model.load(Lake.all[0])
        try await model.page.callJavaScript("document.getElementById('external').click()")
        await until("the link was recorded") { !model.externalLinks.opened.isEmpty }
        #expect(model.externalLinks.opened == [URL(string: "https://en.wikipedia.org/wiki/tahoe")!])
        #expect(model.page.url == Lake.all[0].url)
    }

    @Test func choosingASectionScrollsToItAndScrollingFollows() async throws {
        let model = ArticleViewModel()
        let (view, window) = screen(for: model)
        defer { withExtendedLifetime((view, window)) {} }
        try await model.load(Lake.all[0])
        try await model.readSections()
        let ecology = try #require(model.sections.first { $0.id == "ecology" })
        model.scroll(to: ecology)
        await until("the page scrolled to Ecology") { model.page.scrollGeometry?.contentOffset.y == ecology.offset }
        await until("the current section followed") { model.currentSection == ecology }

        model.scrollPosition.scrollTo(edge: .top)
        await until("back at the top") { model.page.scrollGeometry?.contentOffset.y == 0 }
        #expect(model.currentSection == model.sections.first)
    }

    @Test func pageJavaScriptIsOffButTheAppsRuns() async throws {
        let model = ArticleViewModel()
        try await model.load(Lake.all[0])
        #expect(try await model.page.callJavaScript("return document.title") as? String == "Lake Tahoe")
    }
}
