internal import CWebKitGTK
import Foundation
import GLibBridge
import Observation

/// Find in page for a ``WebView``: a GTK find bar over WebKit's find controller.
///
/// The bar has an entry, a "3 of 12" count, previous and next buttons and a case
/// switch. Enter and Ctrl+G go to the next match, Shift+Enter and Ctrl+Shift+G to the
/// previous one, searching wraps around, and Esc closes the bar and clears the highlights.
/// Bind ``isPresented`` to app state; set ``isEnabled`` to false to turn find off.
///
///     view.findNavigator.isPresented = true
///     view.findNavigator.search("salmon")
///     print(view.findNavigator.matchCount ?? 0)  // once counted
///
/// The object behind SwiftUI's ``WebView/findNavigator(isPresented:)`` on Apple's
/// platforms, which has none of its own; here it is ``WebView/findNavigator``. Over
/// WebKitGTK's `WebKitFindController`. Observable.
@MainActor
@Observable
public final class FindNavigator {
    /// Whether the find bar is shown. Setting it shows or hides the bar.
    public var isPresented = false {
        didSet {
            guard isPresented != oldValue else { return }
            if isPresented && !isEnabled {
                isPresented = false
                return
            }
            isPresented ? presentBar() : finish()
        }
    }
    /// Whether find can be used at all. Default: true. Turning it off closes the bar.
    public var isEnabled = true {
        didSet { if !isEnabled { isPresented = false } }
    }
    /// Whether matches must have the same case. Default: false.
    public var isCaseSensitive = false {
        didSet { if isCaseSensitive != oldValue { search(query) } }
    }
    /// The text searched for.
    public private(set) var query = ""
    /// How many matches the page has, once counted; nil before a search.
    public private(set) var matchCount: Int?
    /// The 1-based position of the highlighted match, or nil when there is none.
    public private(set) var currentMatch: Int?

    @ObservationIgnored private let controller: GObjectReference
    @ObservationIgnored private var connections: [SignalConnection] = []
    /// The bar, made the first time it is presented: most views never show one, and its
    /// widgets, their styles and its icons cost every view's start.
    @ObservationIgnored private(set) var bar: FindBar?
    /// Makes the bar and puts it in the view, while the view lives; set by the view.
    @ObservationIgnored var makeBar: (@MainActor (FindNavigator) -> FindBar?)?
    @ObservationIgnored var presentationFollower: PresentationFollower?

    init(page: WebPage) {
        controller = GObjectReference(retaining: OpaquePointer(webkit_web_view_get_find_controller(page.webView)!))
        connections.append(
            controller.connect("counted-matches") { [weak self] arguments in
                self?.counted(Int(arguments.uint(1)))
                return nil
            })
        connections.append(
            controller.connect("failed-to-find-text") { [weak self] _ in
                self?.counted(0)
                return nil
            })
    }

    private var raw: UnsafeMutablePointer<WebKitFindController> { controller.cast() }

    private var options: UInt32 {
        var options = WEBKIT_FIND_OPTIONS_WRAP_AROUND.rawValue
        if !isCaseSensitive { options |= WEBKIT_FIND_OPTIONS_CASE_INSENSITIVE.rawValue }
        return options
    }

    /// Searches for `text`, highlighting every match and selecting the first.
    ///
    /// The count arrives a moment later in ``matchCount``. An empty text clears the search.
    /// `webkit_find_controller_search` and `webkit_find_controller_count_matches`.
    ///
    /// - Parameter text: The text to find, matched with ``isCaseSensitive``.
    public func search(_ text: String) {
        query = text
        currentMatch = nil
        matchCount = nil
        bar?.update()
        guard !text.isEmpty else {
            webkit_find_controller_search_finish(raw)
            return
        }
        webkit_find_controller_count_matches(raw, text, options, guint(Int32.max))
        webkit_find_controller_search(raw, text, options, guint(Int32.max))
    }

    /// Moves to the next match, after the last back to the first.
    /// `webkit_find_controller_search_next`.
    public func next() {
        guard let count = matchCount, count > 0 else { return }
        webkit_find_controller_search_next(raw)
        currentMatch = (currentMatch ?? 0) % count + 1
        bar?.update()
    }

    /// Moves to the previous match, before the first on to the last.
    /// `webkit_find_controller_search_previous`.
    public func previous() {
        guard let count = matchCount, count > 0 else { return }
        webkit_find_controller_search_previous(raw)
        currentMatch = ((currentMatch ?? 1) + count - 2) % count + 1
        bar?.update()
    }

    private func counted(_ count: Int) {
        matchCount = count
        currentMatch = count > 0 ? (currentMatch ?? 1) : nil
        bar?.update()
    }

    /// Shows the bar, making it first if it is the first time.
    private func presentBar() {
        if bar == nil, let makeBar {
            bar = makeBar(self)
            bar?.update()
        }
        bar?.show()
    }

    /// Clears the highlights and the search.
    private func finish() {
        webkit_find_controller_search_finish(raw)
        query = ""
        matchCount = nil
        currentMatch = nil
        bar?.hide()
    }

    /// The bar's "3 of 12" text.
    var statusText: String {
        guard !query.isEmpty, let count = matchCount else { return "" }
        guard count > 0 else { return "No matches" }
        return "\(currentMatch ?? 1) of \(count)"
    }
}
