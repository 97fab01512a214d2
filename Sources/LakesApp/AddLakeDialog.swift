import Foundation
import GTK

/// The "Add a Lake" dialog: one field for a web address, checked as it is submitted. An
/// address Lakes cannot open keeps the dialog open and says why under the field.
@MainActor
enum AddLakeDialog {
    /// Shows the dialog over `parent`; `add` runs with the address once one is accepted.
    static func present(over parent: Gtk.Window, add: @escaping @MainActor (URL) -> Void) {
        let dialog = Gtk.Dialog(title: localized("Add a Lake"), parent: parent, headerButtons: true)
        dialog.isResizable = false
        dialog.addButton(localized("_Cancel"), response: .cancel)
        dialog.addButton(localized("_Add"), response: .ok, suggested: true)
        dialog.setDefault(.ok)

        let column = Gtk.Box(.vertical, spacing: 8)
        column.setMargins(start: 24, end: 24, top: 18, bottom: 24)
        let intro = Gtk.Label(
            localized("Read an article about a lake from the web. Lakes keeps a copy to read offline."))
        intro.wraps = true
        intro.maximumWidthInCharacters = 44
        intro.textAlignment = 0
        let label = Gtk.Label()
        let heading = localized("Web Address")
        label.setMarkup("<b>\(Gtk.Label.escape(heading))</b>")
        label.textAlignment = 0
        label.setMargins(top: 10)
        let entry = Gtk.Entry()
        entry.placeholder = "https://en.wikipedia.org/wiki/Lake_Geneva"
        entry.activatesDefault = true
        entry.expectURL()
        let problem = Gtk.Label()
        problem.textAlignment = 0
        problem.wraps = true
        problem.maximumWidthInCharacters = 44
        problem.addStyleClass("error")
        problem.ignoresShowAll = true
        for child in [intro, label, entry, problem] as [Gtk.Widget] { column.add(child) }
        dialog.setContent(column)
        entry.onChange { problem.hide() }

        dialog.onResponse { response in
            guard response == .ok else {
                dialog.destroy()
                return
            }
            do {
                let url = try LakeAddress.parse(entry.text)
                dialog.destroy()
                add(url)
            } catch {
                problem.text = String(describing: error)
                problem.show()
                entry.grabFocus()
            }
        }
        dialog.showAll()
        dialog.present()
    }
}
