import Foundation
import WebKitGTK

/// A heading of the open article that the sidebar lists.
package struct ArticleSection: Codable, Equatable, Sendable, Identifiable {
    /// The heading's element id, the target of `#id`.
    package var id: String
    /// The heading's text.
    package var title: String
    /// 2 for `<h2>`, 3 for `<h3>`.
    package var level: Int
    /// The heading's offset from the top of the document, in CSS pixels, when read.
    package var top: Double = 0

    package init(id: String, title: String, level: Int, top: Double = 0) {
        self.id = id
        self.title = title
        self.level = level
        self.top = top
    }

    /// Sections compare by what the sidebar shows, not where the headings are.
    package static func == (lhs: ArticleSection, rhs: ArticleSection) -> Bool {
        lhs.id == rhs.id && lhs.title == rhs.title && lhs.level == rhs.level
    }

    /// Reads the sections of the document a page shows: its `h2` and `h3` headings that
    /// have an id, in document order. It runs in the app's own script world, out of reach
    /// of the page's scripts.
    @MainActor
    package static func read(from page: WebPage) async throws -> [ArticleSection] {
        try await page.callJavaScript(
            """
            return [...document.querySelectorAll('h2[id], h3[id]')].map(heading => ({
                id: heading.id,
                title: heading.textContent.replace(/\\s+/g, ' ').trim(),
                level: Number(heading.tagName.slice(1)),
                top: heading.getBoundingClientRect().top + window.scrollY,
            })).filter(section => section.title.length > 0);
            """, contentWorld: .defaultClient, as: [ArticleSection].self)
    }
}
