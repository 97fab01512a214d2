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

    /// Reads the sections of the document a page shows: the `h2` and `h3` headings of its
    /// main content (`main`, `article` or `[role=main]`, else the body) that are shown and
    /// have text, in document order. A heading without an id is given one
    /// (`lakes-section-1`, …) so that the sidebar can scroll to it. It runs in the app's
    /// own script world, out of reach of the page's scripts; the ids it gives are in the
    /// shared document.
    @MainActor
    package static func read(from page: WebPage) async throws -> [ArticleSection] {
        try await page.callJavaScript(
            """
            const root = document.querySelector('main, article, [role=main]') ?? document.body;
            if (!root) return [];
            let made = 0;
            return [...root.querySelectorAll('h2, h3')]
                .filter(heading => heading.getClientRects().length > 0)
                .map(heading => ({ heading, title: heading.textContent.replace(/\\s+/g, ' ').trim() }))
                .filter(({ title }) => title.length > 0)
                .map(({ heading, title }) => {
                    if (!heading.id) {
                        let id;
                        do { id = `lakes-section-${++made}`; } while (document.getElementById(id));
                        heading.id = id;
                    }
                    return {
                        id: heading.id, title, level: Number(heading.tagName.slice(1)),
                        top: heading.getBoundingClientRect().top + window.scrollY,
                    };
                });
            """, contentWorld: .defaultClient, as: [ArticleSection].self)
    }
}
