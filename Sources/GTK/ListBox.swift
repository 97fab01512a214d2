internal import CWebKitGTK
import GLibBridge

extension Gtk {
    /// A `GtkListBox`: a vertical list of rows, one of which may be selected.
    @MainActor
    package final class ListBox: Container {
        /// An empty list in which one row at a time can be selected (`gtk_list_box_new`).
        package init() {
            super.init(gtk_list_box_new())
            gtk_list_box_set_selection_mode(cast(), GTK_SELECTION_SINGLE)
        }

        /// Adds `child` as the last row, in a row of its own (`gtk_list_box_row_new`).
        ///
        /// GTK would wrap it in a row by itself, but then ``Container/removeAll()`` would
        /// destroy only what the row holds and leave the row in the list, empty and still
        /// counted by the indexes that selection and activation use.
        package override func add(_ child: Widget) {
            let row = Container(gtk_list_box_row_new())
            row.add(child)
            super.add(row)
        }

        /// Runs `action` with a row's index when a person picks it, by a click or Enter
        /// (`row-activated`). GTK's `row-selected` also fires when the selection follows
        /// keyboard focus, which is no choice of the reader's, so it is not used.
        package func onRowActivated(_ action: @escaping @MainActor (Int) -> Void) {
            on("row-activated") { arguments in
                guard let row = arguments.object(1) else { return nil }
                action(Int(gtk_list_box_row_get_index(UnsafeMutablePointer(row))))
                return nil
            }
        }

        /// Selects the row at `index`, or none for nil or an index out of range, without
        /// activating it (`gtk_list_box_select_row`, `gtk_list_box_unselect_all`).
        package func select(_ index: Int?) {
            guard let index, index >= 0, let row = gtk_list_box_get_row_at_index(cast(), gint(index)) else {
                gtk_list_box_unselect_all(cast())
                return
            }
            if gtk_list_box_get_selected_row(cast()) != row { gtk_list_box_select_row(cast(), row) }
        }

        /// The index of the selected row, if one is.
        package var selectedIndex: Int? {
            gtk_list_box_get_selected_row(cast()).map { Int(gtk_list_box_row_get_index($0)) }
        }
    }
}
