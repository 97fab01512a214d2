internal import CWebKitGTK
import Foundation
import GLibBridge

/// One find in a page, over WebKitGTK's `WebKitFindController`: selects the next match
/// and says whether there was one.
///
/// The controller is the view's own (the one ``FindNavigator`` uses too), and it keeps the
/// text and options of the last search: a find of that same text, case and wrapping moves
/// on from the selected match (`webkit_find_controller_search_next` or `_previous`), a
/// find of anything else starts a new search (`webkit_find_controller_search`). Finds in
/// one page run one after another, so each is answered by its own `found-text` or
/// `failed-to-find-text`.
@MainActor
struct PageFind {
    let page: WebPage

    /// What is searched for, and how.
    struct Query {
        var text: String
        var backwards: Bool
        var caseSensitive: Bool
        var wraps: Bool
    }

    /// The last find of each page still under way, which the next one waits for.
    private static var tails: [ObjectIdentifier: Task<Bool, Never>] = [:]

    /// Selects the next match of `query` and scrolls it into view.
    ///
    /// - Returns: Whether a match was found; false for an empty text, on a closed page, or
    ///   when the engine does not answer within five seconds.
    func find(_ query: Query) async -> Bool {
        let id = ObjectIdentifier(page)
        let previous = Self.tails[id]
        let task = Task { @MainActor [page] in
            _ = await previous?.value
            return await PageFind(page: page).perform(query)
        }
        Self.tails[id] = task
        let found = await task.value
        if Self.tails[id] == task { Self.tails[id] = nil }
        return found
    }

    private func perform(_ query: Query) async -> Bool {
        guard !page.isClosed, !query.text.isEmpty,
            let raw = webkit_web_view_get_find_controller(page.webView)
        else { return false }
        let controller = GObjectReference(retaining: OpaquePointer(raw))
        var options = 0 as UInt32
        if !query.caseSensitive { options |= WEBKIT_FIND_OPTIONS_CASE_INSENSITIVE.rawValue }
        if query.wraps { options |= WEBKIT_FIND_OPTIONS_WRAP_AROUND.rawValue }
        let backwards = WEBKIT_FIND_OPTIONS_BACKWARDS.rawValue
        let repeated =
            String(optionalCString: webkit_find_controller_get_search_text(raw)) == query.text
            && webkit_find_controller_get_options(raw) & ~backwards == options
        return await firstEvent(of: [
            .signal(controller, "found-text") { _ in true },
            .signal(controller, "failed-to-find-text") { _ in false },
            .timeout(.seconds(5), false),
            .close(page.whenClosed, false),
        ]) {
            switch (repeated, query.backwards) {
            case (true, false): webkit_find_controller_search_next(raw)
            case (true, true): webkit_find_controller_search_previous(raw)
            case (false, _):
                let all = query.backwards ? options | backwards : options
                webkit_find_controller_search(raw, query.text, all, guint(Int32.max))
            }
        }
    }
}
