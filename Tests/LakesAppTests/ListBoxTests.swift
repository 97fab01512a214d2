import CWebKitGTK
import Testing

@testable import GTK
@testable import LakesApp

/// The sidebar's lists are emptied and filled again each time the article changes.
@MainActor
struct ListBoxTests {
    /// The text of each row's label, in order.
    private func rows(of list: Gtk.ListBox) -> [String] {
        var titles: [String] = []
        var index: gint = 0
        while let row = gtk_list_box_get_row_at_index(list.cast(), index) {
            let child = gtk_bin_get_child(UnsafeMutablePointer(OpaquePointer(row)))
            let label: UnsafeMutablePointer<GtkLabel>? = child.map { UnsafeMutablePointer(OpaquePointer($0)) }
            titles.append(label.map { String(cString: gtk_label_get_text($0)) } ?? "")
            index += 1
        }
        return titles
    }

    @Test func aListFilledAgainHoldsOnlyItsNewRows() throws {
        try #require(gtk_init_check(nil, nil) != 0, "GTK opens the display")
        let list = Gtk.ListBox()
        for title in ["Geography", "Formation", "Water"] { list.add(Gtk.Label(title)) }
        list.removeAll()
        for title in ["History", "Today"] { list.add(Gtk.Label(title)) }
        #expect(rows(of: list) == ["History", "Today"])

        list.select(1)
        #expect(list.selectedIndex == 1)
        #expect(rows(of: list)[list.selectedIndex ?? 0] == "Today")
    }
}
