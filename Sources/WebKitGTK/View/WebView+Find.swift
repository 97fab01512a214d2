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

/// The GTK widgets of the find bar.
@MainActor
final class FindBar {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let entry: UnsafeMutablePointer<GtkWidget>
    private let status: UnsafeMutablePointer<GtkLabel>
    private let caseButton: UnsafeMutablePointer<GtkWidget>
    private weak var navigator: FindNavigator?
    private var connections: [SignalConnection] = []
    private var updating = false

    init(navigator: FindNavigator) {
        self.navigator = navigator
        widget = gtk_search_bar_new()!
        entry = gtk_search_entry_new()!
        gtk_entry_set_width_chars(UnsafeMutablePointer(OpaquePointer(entry)), 28)
        gtk_entry_set_placeholder_text(UnsafeMutablePointer(OpaquePointer(entry)), "Find in page")
        status = UnsafeMutablePointer(OpaquePointer(gtk_label_new(nil)!))
        gtk_style_context_add_class(
            gtk_widget_get_style_context(UnsafeMutablePointer(OpaquePointer(status))), "dim-label")
        gtk_label_set_width_chars(status, 10)
        caseButton = gtk_check_button_new_with_mnemonic("Match _case")!
        gtk_toggle_button_set_active(
            UnsafeMutablePointer(OpaquePointer(caseButton)), navigator.isCaseSensitive ? cwk_true : cwk_false)
        let previous = gtk_button_new_from_icon_name("go-up-symbolic", GTK_ICON_SIZE_BUTTON)!
        gtk_widget_set_tooltip_text(previous, "Previous match (Shift+Enter)")
        let next = gtk_button_new_from_icon_name("go-down-symbolic", GTK_ICON_SIZE_BUTTON)!
        gtk_widget_set_tooltip_text(next, "Next match (Enter)")
        let arrows = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_style_context_add_class(gtk_widget_get_style_context(arrows), "linked")
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        for (container, child) in [(arrows, previous), (arrows, next)] {
            gtk_container_add(UnsafeMutablePointer(OpaquePointer(container)), child)
        }
        for child in [entry, arrows, UnsafeMutablePointer<GtkWidget>(OpaquePointer(status)), caseButton] {
            gtk_container_add(UnsafeMutablePointer(OpaquePointer(box)), child)
        }
        gtk_container_add(UnsafeMutablePointer(OpaquePointer(widget)), box)
        gtk_search_bar_connect_entry(
            UnsafeMutablePointer(OpaquePointer(widget)), UnsafeMutablePointer(OpaquePointer(entry)))
        gtk_search_bar_set_show_close_button(UnsafeMutablePointer(OpaquePointer(widget)), cwk_true)
        gtk_widget_show_all(box)
        // A closed bar is hidden, not only collapsed: a collapsed one still asks for its full
        // width, which would keep the view from being narrower than the bar.
        gtk_widget_set_no_show_all(widget, cwk_true)

        let entryReference = GObjectReference(retaining: OpaquePointer(entry))
        connect(entryReference, "search-changed") {
            $0.search(String(cString: gtk_entry_get_text(UnsafeMutablePointer(OpaquePointer(self.entry)))))
        }
        connect(entryReference, "activate") { $0.next() }
        connect(entryReference, "next-match") { $0.next() }
        connect(entryReference, "previous-match") { $0.previous() }
        connect(entryReference, "stop-search") { $0.isPresented = false }
        connections.append(
            entryReference.connect("key-press-event") { [weak self] arguments in
                guard let self, let event = arguments.pointer(1) else { return false }
                var keyval: guint = 0
                var state = GdkModifierType(rawValue: 0)
                gdk_event_get_keyval(UnsafeMutablePointer(event), &keyval)
                gdk_event_get_state(UnsafeMutablePointer(event), &state)
                let shift = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
                guard shift, keyval == guint(GDK_KEY_Return) || keyval == guint(GDK_KEY_KP_Enter) else { return false }
                self.navigator?.previous()
                return true
            })
        connect(GObjectReference(retaining: OpaquePointer(previous)), "clicked") { $0.previous() }
        connect(GObjectReference(retaining: OpaquePointer(next)), "clicked") { $0.next() }
        connect(GObjectReference(retaining: OpaquePointer(caseButton)), "toggled") {
            $0.isCaseSensitive = gtk_toggle_button_get_active(UnsafeMutablePointer(OpaquePointer(self.caseButton))) != 0
        }
        connect(GObjectReference(retaining: OpaquePointer(widget)), "notify::search-mode-enabled") { navigator in
            let shown = gtk_search_bar_get_search_mode(UnsafeMutablePointer(OpaquePointer(self.widget))) != 0
            if !shown && navigator.isPresented { navigator.isPresented = false }
        }
    }

    private func connect(
        _ object: GObjectReference, _ signal: String, _ action: @escaping @MainActor (FindNavigator) -> Void
    ) {
        connections.append(
            object.connect(signal) { [weak self] _ in
                guard let self, !updating, let navigator else { return nil }
                action(navigator)
                return nil
            })
    }

    func show() {
        // The entry takes the focus before the bar is mapped, and the rest of the key press
        // that opened it (its release) goes to the focus widget, which must be realized.
        // (Not before the view is in a window: there is nothing to realize it in.)
        gtk_widget_show(widget)
        if gtk_widget_is_toplevel(gtk_widget_get_toplevel(entry)) != 0 { gtk_widget_realize(entry) }
        gtk_search_bar_set_search_mode(UnsafeMutablePointer(OpaquePointer(widget)), cwk_true)
        gtk_widget_grab_focus(entry)
    }

    func hide() {
        updating = true
        defer { updating = false }
        gtk_entry_set_text(UnsafeMutablePointer(OpaquePointer(entry)), "")
        gtk_search_bar_set_search_mode(UnsafeMutablePointer(OpaquePointer(widget)), cwk_false)
        gtk_widget_hide(widget)
        update()
    }

    /// Shows the navigator's count and marks the entry when nothing matches.
    func update() {
        guard let navigator else { return }
        gtk_label_set_text(status, navigator.statusText)
        let style = gtk_widget_get_style_context(entry)
        if navigator.matchCount == 0 && !navigator.query.isEmpty {
            gtk_style_context_add_class(style, "error")
        } else {
            gtk_style_context_remove_class(style, "error")
        }
    }

    /// Types `text` into the entry, as a person would. For tests.
    func type(_ text: String) {
        gtk_entry_set_text(UnsafeMutablePointer(OpaquePointer(entry)), text)
    }

    /// The entry widget, for sending it key events. For tests.
    var entryWidget: UnsafeMutablePointer<GtkWidget> { entry }
}
