import Foundation
import WebKitGTK

/// A heading of the open article that the sidebar lists.
public struct ArticleSection: Codable, Equatable, Sendable, Identifiable {
    /// The heading's element id, the target of `#id`.
    public var id: String
    /// The heading's text.
    public var title: String
    /// 2 for `<h2>`, 3 for `<h3>`.
    public var level: Int

    /// Reads the sections of the document a page shows: its `h2` and `h3` headings that
    /// have an id, in document order. It runs in the app's own script world, out of reach
    /// of the page's scripts.
    @MainActor
    public static func read(from page: WebPage) async throws -> [ArticleSection] {
        try await page.callJavaScript(
            """
            return [...document.querySelectorAll('h2[id], h3[id]')].map(heading => ({
                id: heading.id,
                title: heading.textContent.replace(/\\s+/g, ' ').trim(),
                level: Number(heading.tagName.slice(1)),
            })).filter(section => section.title.length > 0);
            """, contentWorld: .defaultClient, as: [ArticleSection].self)
    }

    /// Scrolls the page smoothly to the section with `id`.
    @MainActor
    public static func scroll(_ page: WebPage, to id: String) async throws {
        try await page.callJavaScript(
            "document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' })",
            arguments: ["id": id], contentWorld: .defaultClient)
    }
}
