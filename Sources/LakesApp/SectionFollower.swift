/// Which section of an article a reader is on, from where the headings are and where the
/// view is scrolled. Plain arithmetic, so the sidebar follows the page without flicker.
package enum SectionFollower {
    /// How far below the top of the view a heading counts as reached, at most.
    package static let readingLine = 120.0

    /// The id of the section being read.
    ///
    /// - Parameters:
    ///   - sections: Each section's id and the document offset of its heading, in order.
    ///   - offset: How far the view is scrolled down.
    ///   - viewport: The view's height.
    ///   - contentHeight: The document's height.
    /// - Returns: The last section whose heading has passed the reading line (a quarter of
    ///   the view, at most ``readingLine``); at the very bottom, the last section whose
    ///   heading is on screen; nil above the first heading.
    package static func current(
        sections: [(id: String, top: Double)], offset: Double, viewport: Double, contentHeight: Double
    ) -> String? {
        guard !sections.isEmpty else { return nil }
        let atBottom = offset + viewport >= contentHeight - 2 && contentHeight > viewport
        if atBottom {
            return sections.last { $0.top < offset + viewport }?.id
        }
        let line = offset + min(viewport / 4, readingLine)
        return sections.last { $0.top <= line }?.id
    }
}
