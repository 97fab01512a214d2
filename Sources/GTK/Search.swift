internal import CWebKitGTK
import GLibBridge

extension Gtk {
    /// A `GtkSearchBar`: a bar that slides in above content to hold a search entry and
    /// its buttons.
    @MainActor
    package final class SearchBar: Container {
        /// An empty, closed search bar (`gtk_search_bar_new`).
        package init() {
            super.init(gtk_search_bar_new())
        }

        /// Lets the bar follow `entry`: Esc in it closes the bar (`gtk_search_bar_connect_entry`).
        package func connect(_ entry: SearchEntry) {
            gtk_search_bar_connect_entry(cast(), entry.cast())
        }

        /// Whether the bar shows a button that closes it (`gtk_search_bar_set_show_close_button`).
        package var showsCloseButton: Bool {
            get { gtk_search_bar_get_show_close_button(cast()) != 0 }
            set { gtk_search_bar_set_show_close_button(cast(), newValue ? cwk_true : cwk_false) }
        }

        /// Whether the bar is open (`gtk_search_bar_set_search_mode`).
        package var isSearchModeEnabled: Bool {
            get { gtk_search_bar_get_search_mode(cast()) != 0 }
            set { gtk_search_bar_set_search_mode(cast(), newValue ? cwk_true : cwk_false) }
        }

        /// Runs `action` whenever the bar opens or closes, by a person or by
        /// ``isSearchModeEnabled`` (`notify::search-mode-enabled`).
        package func onSearchModeChange(_ action: @escaping @MainActor () -> Void) {
            on("notify::search-mode-enabled") { _ in
                action()
                return nil
            }
        }
    }

    /// A `GtkSearchEntry`: an entry with a search icon and a clear button, which reports
    /// what is typed after a short pause and the keys that move between results.
    @MainActor
    package final class SearchEntry: Entry {
        /// An empty search entry (`gtk_search_entry_new`).
        package override init() {
            super.init(made: gtk_search_entry_new())
        }

        /// Runs `action` once typing pauses with a changed text (`search-changed`).
        package func onSearchChange(_ action: @escaping @MainActor () -> Void) {
            run(action, on: "search-changed")
        }

        /// Runs `action` on Enter (`activate`).
        package func onActivate(_ action: @escaping @MainActor () -> Void) {
            run(action, on: "activate")
        }

        /// Runs `action` on Ctrl+G, for the next result (`next-match`).
        package func onNextMatch(_ action: @escaping @MainActor () -> Void) {
            run(action, on: "next-match")
        }

        /// Runs `action` on Ctrl+Shift+G, for the previous result (`previous-match`).
        package func onPreviousMatch(_ action: @escaping @MainActor () -> Void) {
            run(action, on: "previous-match")
        }

        /// Runs `action` on Esc, to end the search (`stop-search`).
        package func onStopSearch(_ action: @escaping @MainActor () -> Void) {
            run(action, on: "stop-search")
        }

        private func run(_ action: @escaping @MainActor () -> Void, on signal: String) {
            on(signal) { _ in
                action()
                return nil
            }
        }
    }
}
