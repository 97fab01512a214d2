internal import CWebKitGTK
import Foundation
import GLibBridge

extension Gtk {
    /// A response a dialog closes with (`GtkResponseType`, or an app's own positive id).
    package enum Response: Equatable {
        case ok, cancel, accept, deleteEvent, other(Int32)

        init(_ id: Int32) {
            switch id {
            case GTK_RESPONSE_OK.rawValue: self = .ok
            case GTK_RESPONSE_CANCEL.rawValue: self = .cancel
            case GTK_RESPONSE_ACCEPT.rawValue: self = .accept
            case GTK_RESPONSE_DELETE_EVENT.rawValue: self = .deleteEvent
            default: self = .other(id)
            }
        }

        var id: Int32 {
            switch self {
            case .ok: GTK_RESPONSE_OK.rawValue
            case .cancel: GTK_RESPONSE_CANCEL.rawValue
            case .accept: GTK_RESPONSE_ACCEPT.rawValue
            case .deleteEvent: GTK_RESPONSE_DELETE_EVENT.rawValue
            case .other(let id): id
            }
        }
    }

    /// A `GtkDialog`: a window with a content area and buttons that answer it.
    @MainActor
    package final class Dialog: Window {
        /// A modal dialog over `parent`, with its buttons in the header bar when
        /// `headerButtons` (`gtk_dialog_new_with_buttons` with `GTK_DIALOG_USE_HEADER_BAR`).
        package init(title: String, parent: Window?, headerButtons: Bool = false) {
            let flags = GTK_DIALOG_MODAL.rawValue | (headerButtons ? GTK_DIALOG_USE_HEADER_BAR.rawValue : 0)
            super.init(made: cwk_dialog_new(title, parent?.window, GtkDialogFlags(flags)))
        }

        /// Adds a button that closes the dialog with `response` (`gtk_dialog_add_button`);
        /// `_` marks the mnemonic. A suggested action is drawn as the one to take.
        @discardableResult
        package func addButton(_ label: String, response: Response, suggested: Bool = false) -> Widget {
            let button = Widget(gtk_dialog_add_button(cast(), label, response.id))
            if suggested { button.addStyleClass("suggested-action") }
            return button
        }

        /// The response Enter gives (`gtk_dialog_set_default_response`).
        package func setDefault(_ response: Response) { gtk_dialog_set_default_response(cast(), response.id) }

        /// Whether the button of `response` can be pressed (`gtk_dialog_set_response_sensitive`).
        package func setEnabled(_ response: Response, _ enabled: Bool) {
            gtk_dialog_set_response_sensitive(cast(), response.id, enabled ? cwk_true : cwk_false)
        }

        /// Puts `child` in the content area (`gtk_dialog_get_content_area`).
        package func setContent(_ child: Widget) {
            keep(child)
            gtk_container_add(UnsafeMutablePointer(OpaquePointer(gtk_dialog_get_content_area(cast()))), child.widget)
        }

        /// Runs `handler` with each response (`response`); the dialog stays open until
        /// the handler destroys it.
        package func onResponse(_ handler: @escaping @MainActor (Response) -> Void) {
            on("response") { arguments in
                handler(Response(arguments.int(1)))
                return nil
            }
        }

        /// Shows the dialog and waits for its first response; the dialog stays open.
        package func response() async -> Response {
            await Gtk.firstResponse(of: reference) {
                showAll()
                present()
            }
        }
    }

    /// Calls `show`, then waits for the first `response` signal of `dialog` (a `GtkDialog`
    /// or a `GtkNativeDialog`, whose responses are the same ids).
    package static func firstResponse(of dialog: GObjectReference, show: () -> Void) async -> Response {
        await firstEvent(of: [.signal(dialog, "response") { Response($0.int(1)) }], starting: show)
    }

    /// The file chooser of the desktop (a portal when there is one), as `GtkFileChooserNative`.
    @MainActor
    package final class FileChooser {
        private let reference: GObjectReference
        /// What the person is choosing.
        package enum Purpose { case open, save }

        /// A chooser over `parent` (`gtk_file_chooser_native_new`).
        package init(title: String, parent: Window?, purpose: Purpose, acceptLabel: String, cancelLabel: String) {
            let action = purpose == .open ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE
            reference = GObjectReference(
                adopting: gtk_file_chooser_native_new(title, parent?.window, action, acceptLabel, cancelLabel))
            if purpose == .save { gtk_file_chooser_set_do_overwrite_confirmation(chooser, cwk_true) }
        }

        private var chooser: OpaquePointer { reference.pointer }

        /// Whether several files can be chosen (`gtk_file_chooser_set_select_multiple`).
        package var allowsMultipleSelection: Bool {
            get { gtk_file_chooser_get_select_multiple(chooser) != 0 }
            set { gtk_file_chooser_set_select_multiple(chooser, newValue ? cwk_true : cwk_false) }
        }

        /// The file name a save starts with (`gtk_file_chooser_set_current_name`).
        package func suggest(name: String) { gtk_file_chooser_set_current_name(chooser, name) }

        /// Shows the chooser and returns the files chosen; empty when cancelled.
        package func choose() async -> [URL] {
            let response = await Gtk.firstResponse(of: reference) { gtk_native_dialog_show(reference.cast()) }
            guard response == .accept, let files = gtk_file_chooser_get_filenames(chooser) else { return [] }
            defer { g_slist_free_full(files, g_free) }
            var urls: [URL] = []
            var node: UnsafeMutablePointer<GSList>? = files
            while let current = node {
                if let path = current.pointee.data?.assumingMemoryBound(to: CChar.self) {
                    urls.append(URL(fileURLWithPath: String(cString: path)))
                }
                node = current.pointee.next
            }
            return urls
        }
    }

    /// The desktop's clipboard (`gtk_clipboard_get` of `CLIPBOARD`).
    @MainActor
    package enum Clipboard {
        /// Puts `text` on the clipboard (`gtk_clipboard_set_text`).
        package static func copy(_ text: String) {
            gtk_clipboard_set_text(gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", cwk_false)), text, -1)
        }
    }
}
