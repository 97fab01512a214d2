import GTK

/// The find bar of a ``FindNavigator``: an entry, a "3 of 12" count, previous and next
/// buttons and a case switch, in a search bar that slides in above the page.
@MainActor
final class FindBar {
    /// The bar, which the view places above the page.
    let searchBar = Gtk.SearchBar()
    /// The entry the reader types into.
    let entry = Gtk.SearchEntry()
    private let status = Gtk.Label()
    private let caseButton = Gtk.CheckButton("Match _case")
    private let previousButton = Gtk.Button(iconName: "go-up-symbolic")
    private let nextButton = Gtk.Button(iconName: "go-down-symbolic")
    private weak var navigator: FindNavigator?
    /// Set while the bar changes its own widgets, whose signals then are not the reader's.
    private var updating = false

    init(navigator: FindNavigator) {
        self.navigator = navigator
        entry.widthInCharacters = 28
        entry.placeholder = "Find in page"
        status.addStyleClass("dim-label")
        status.widthInCharacters = 10
        caseButton.isActive = navigator.isCaseSensitive
        previousButton.tooltip = "Previous match (Shift+Enter)"
        nextButton.tooltip = "Next match (Enter)"
        let arrows = Gtk.Box(.horizontal)
        arrows.addStyleClass("linked")
        arrows.add(previousButton)
        arrows.add(nextButton)
        let box = Gtk.Box(.horizontal, spacing: 6)
        for child in [entry, arrows, status, caseButton] { box.add(child) }
        searchBar.add(box)
        searchBar.connect(entry)
        searchBar.showsCloseButton = true
        box.showAll()
        // A closed bar is hidden, not only collapsed: a collapsed one still asks for its full
        // width, which would keep the view from being narrower than the bar.
        searchBar.ignoresShowAll = true

        // The handlers reach the widgets through the bar, weakly: a widget keeps its own
        // handlers, and one that held the widget would keep it forever.
        entry.onSearchChange(reader { bar, navigator in navigator.search(bar.entry.text) })
        entry.onActivate(reader { $1.next() })
        entry.onNextMatch(reader { $1.next() })
        entry.onPreviousMatch(reader { $1.previous() })
        entry.onStopSearch(reader { $1.isPresented = false })
        entry.onKeyPress { [weak self] key in
            guard let self, key.hasShift, key.isEnter else { return false }
            self.navigator?.previous()
            return true
        }
        previousButton.onClick(reader { $1.previous() })
        nextButton.onClick(reader { $1.next() })
        caseButton.onToggle(reader { bar, navigator in navigator.isCaseSensitive = bar.caseButton.isActive })
        searchBar.onSearchModeChange(
            reader { bar, navigator in
                if !bar.searchBar.isSearchModeEnabled && navigator.isPresented { navigator.isPresented = false }
            })
    }

    /// A handler for a widget's signal that acts on the navigator: only for what the reader
    /// does, not for the bar's own updates.
    private func reader(
        _ action: @escaping @MainActor (FindBar, FindNavigator) -> Void
    ) -> @MainActor () -> Void {
        { [weak self] in
            guard let self, !updating, let navigator else { return }
            action(self, navigator)
        }
    }

    func show() {
        // The entry takes the focus before the bar is mapped, and the rest of the key press
        // that opened it (its release) goes to the focus widget, which must be realized.
        // (Not before the view is in a window: there is nothing to realize it in.)
        searchBar.show()
        if entry.isInToplevel { entry.realize() }
        searchBar.isSearchModeEnabled = true
        entry.grabFocus()
    }

    func hide() {
        updating = true
        defer { updating = false }
        entry.text = ""
        searchBar.isSearchModeEnabled = false
        searchBar.hide()
        update()
    }

    /// Shows the navigator's count and marks the entry when nothing matches.
    func update() {
        guard let navigator else { return }
        status.text = navigator.statusText
        if navigator.matchCount == 0 && !navigator.query.isEmpty {
            entry.addStyleClass("error")
        } else {
            entry.removeStyleClass("error")
        }
    }

    /// Types `text` into the entry, as a person would. For tests.
    func type(_ text: String) {
        entry.text = text
    }
}
