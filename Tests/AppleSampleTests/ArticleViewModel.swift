import Foundation
import Observation
import WebKitGTK

/// The model behind the article screen: the page, its sections, and where it is scrolled.
@MainActor
@Observable
final class ArticleViewModel {
    struct Section: Identifiable, Hashable {
        let id: String
        let title: String
        let offset: CGFloat
    }

    let page: WebPage
    private(set) var sections: [Section] = []
    private(set) var currentSection: Section?
    let externalLinks = ExternalLinks()
    var scrollPosition = ScrollPosition(edge: .top)

    init() {
        var configuration = WebPage.Configuration()
        configuration.urlSchemeHandlers[URLScheme("lakes")!] = LakesSchemeHandler()
        configuration.defaultNavigationPreferences.allowsContentJavaScript = false
        page = WebPage(configuration: configuration, navigationDecider: ArticleNavigationDecider(links: externalLinks))
    }

    /// Loads an article and waits until it has finished.
    func load(_ lake: Lake) async throws {
        for try await event in page.load(URLRequest(url: lake.url)) {
            if event == .finished { break }
        }
    }

    /// Reads the sections of each article the page finishes loading, until the task ends.
    func observeNavigations() async {
        for await event in Observations({ self.page.currentNavigationEvent }) {
            guard let event, case .finished = event.kind else { continue }
            try? await readSections()
        }
    }

    /// Reads the page's sections with a script given the selector as an argument.
    func readSections() async throws {
        let script = """
            return [...document.querySelectorAll(selector)].map(heading => ({
                id: heading.id, title: heading.textContent, offset: heading.offsetTop
            }));
            """
        let result = try await page.callJavaScript(script, arguments: ["selector": "h2"])
        let entries = result as? [[String: Any]] ?? []
        sections = entries.compactMap { entry in
            guard let id = entry["id"] as? String, let title = entry["title"] as? String,
                let offset = entry["offset"] as? Double
            else { return nil }
            return Section(id: id, title: title, offset: CGFloat(offset))
        }
    }

    /// Scrolls to a section, as choosing it in the sidebar does.
    func scroll(to section: Section) {
        scrollPosition.scrollTo(y: section.offset)
    }

    /// Follows the reader's scrolling: the section at the top of the view is the current one.
    func scrollOffsetChanged(to offset: CGFloat) {
        currentSection = sections.last { $0.offset <= offset + 1 } ?? sections.first
    }
}
