internal import CWebKitGTK
import Foundation
import GLibBridge
import WebKitGTK

/// Shows a page's alert, confirm and prompt dialogs and file inputs as GTK dialogs over
/// the Lakes window. Permissions are denied: Lakes needs no camera, microphone, location
/// or notifications.
@MainActor
final class LakesDialogPresenter: WebPage.DialogPresenting {
    /// The window dialogs belong to.
    var parent: UnsafeMutablePointer<GtkWindow>?
    /// The dialog on screen, if any.
    private(set) var presented: UnsafeMutablePointer<GtkDialog>?
    /// How many dialogs were shown so far.
    private(set) var presentations = 0

    func handleJavaScriptAlert(message: String, initiatedBy frame: WebPage.FrameInfo) async {
        _ = await run(message: message, frame: frame, buttons: GTK_BUTTONS_OK)
    }

    func handleJavaScriptConfirm(message: String, initiatedBy frame: WebPage.FrameInfo) async
        -> WebPage.JavaScriptConfirmResult
    {
        await run(message: message, frame: frame, buttons: GTK_BUTTONS_OK_CANCEL) == GTK_RESPONSE_OK.rawValue
            ? .ok : .cancel
    }

    func handleJavaScriptPrompt(message: String, defaultText: String?, initiatedBy frame: WebPage.FrameInfo)
        async -> WebPage.JavaScriptPromptResult
    {
        let entry = UnsafeMutablePointer<GtkEntry>(OpaquePointer(gtk_entry_new()!))
        gtk_entry_set_text(entry, defaultText ?? "")
        gtk_entry_set_activates_default(entry, cwk_true)
        var text = ""
        let response = await run(message: message, frame: frame, buttons: GTK_BUTTONS_OK_CANCEL, extra: entry) {
            text = String(cString: gtk_entry_get_text(entry))
        }
        return response == GTK_RESPONSE_OK.rawValue ? .ok(text) : .cancel
    }

    func handleFileInputPrompt(
        parameters: WKOpenPanelParameters, initiatedBy frame: WebPage.FrameInfo
    ) async -> WebPage.FileInputPromptResult {
        let chooser = gtk_file_chooser_native_new(
            "Choose a File", parent, GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel")!
        let reference = GObjectReference(adopting: chooser)
        gtk_file_chooser_set_select_multiple(chooser, parameters.allowsMultipleSelection ? 1 : 0)
        let response = await Self.response(of: reference) { gtk_native_dialog_show(reference.cast()) }
        guard response == GTK_RESPONSE_ACCEPT.rawValue, let files = gtk_file_chooser_get_filenames(chooser)
        else { return .cancel }
        defer { g_slist_free_full(files, g_free) }
        var urls: [URL] = []
        var node: UnsafeMutablePointer<GSList>? = files
        while let current = node {
            if let path = current.pointee.data?.assumingMemoryBound(to: CChar.self) {
                urls.append(URL(fileURLWithPath: String(cString: path)))
            }
            node = current.pointee.next
        }
        return urls.isEmpty ? .cancel : .selected(urls)
    }

    /// Asks where to save a file, starting with `suggestedName`; nil when cancelled.
    func chooseSaveLocation(suggestedName: String) async -> URL? {
        let chooser = gtk_file_chooser_native_new(
            "Export as PDF", parent, GTK_FILE_CHOOSER_ACTION_SAVE, "_Save", "_Cancel")!
        let reference = GObjectReference(adopting: chooser)
        gtk_file_chooser_set_do_overwrite_confirmation(chooser, cwk_true)
        gtk_file_chooser_set_current_name(chooser, suggestedName)
        let response = await Self.response(of: reference) { gtk_native_dialog_show(reference.cast()) }
        guard response == GTK_RESPONSE_ACCEPT.rawValue, let path = gtk_file_chooser_get_filename(chooser) else {
            return nil
        }
        defer { g_free(path) }
        return URL(fileURLWithPath: String(cString: path))
    }

    /// Shows a modal dialog with the page's message and returns the response id it was
    /// closed with.
    private func run(
        message: String, frame: WebPage.FrameInfo, buttons: GtkButtonsType,
        extra: UnsafeMutablePointer<GtkEntry>? = nil, beforeClosing: () -> Void = {}
    ) async -> Int32 {
        let dialog = gtk_dialog_new()!
        let reference = GObjectReference(retaining: OpaquePointer(dialog))
        let gtkDialog = UnsafeMutablePointer<GtkDialog>(OpaquePointer(dialog))
        let window = UnsafeMutablePointer<GtkWindow>(OpaquePointer(dialog))
        gtk_window_set_transient_for(window, parent)
        gtk_window_set_modal(window, cwk_true)
        gtk_window_set_resizable(window, cwk_false)
        gtk_window_set_title(window, frame.request.url?.host() ?? AppInfo.name)
        if buttons == GTK_BUTTONS_OK_CANCEL {
            gtk_dialog_add_button(gtkDialog, "_Cancel", GTK_RESPONSE_CANCEL.rawValue)
        }
        gtk_dialog_add_button(gtkDialog, "_OK", GTK_RESPONSE_OK.rawValue)
        gtk_dialog_set_default_response(gtkDialog, GTK_RESPONSE_OK.rawValue)

        let content = UnsafeMutablePointer<GtkContainer>(OpaquePointer(gtk_dialog_get_content_area(gtkDialog)))
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top] {
            side(box, 18)
        }
        gtk_widget_set_margin_bottom(box, 12)
        let heading = gtk_label_new(nil)!
        gtk_label_set_markup(
            UnsafeMutablePointer(OpaquePointer(heading)),
            "<b>\(Self.escape(frame.request.url?.host() ?? AppInfo.name)) says</b>")
        gtk_label_set_xalign(UnsafeMutablePointer(OpaquePointer(heading)), 0)
        let text = gtk_label_new(message)!
        gtk_label_set_line_wrap(UnsafeMutablePointer(OpaquePointer(text)), cwk_true)
        gtk_label_set_max_width_chars(UnsafeMutablePointer(OpaquePointer(text)), 50)
        gtk_label_set_xalign(UnsafeMutablePointer(OpaquePointer(text)), 0)
        gtk_label_set_selectable(UnsafeMutablePointer(OpaquePointer(text)), cwk_true)
        gtk_container_add(UnsafeMutablePointer(OpaquePointer(box)), heading)
        gtk_container_add(UnsafeMutablePointer(OpaquePointer(box)), text)
        if let extra {
            gtk_container_add(UnsafeMutablePointer(OpaquePointer(box)), UnsafeMutablePointer(OpaquePointer(extra)))
        }
        gtk_container_add(content, box)

        presented = gtkDialog
        presentations += 1
        defer { presented = nil }
        let response = await Self.response(of: reference) { gtk_widget_show_all(dialog) }
        beforeClosing()
        gtk_widget_destroy(dialog)
        return response
    }

    /// Shows a dialog with `show` and returns the id of its first "response".
    private static func response(of dialog: GObjectReference, show: () -> Void) async -> Int32 {
        await withCheckedContinuation { continuation in
            var connection: SignalConnection?
            connection = dialog.connect("response") { arguments in
                continuation.resume(returning: arguments.int(1))
                connection?.disconnect()
                return nil
            }
            show()
        }
    }

    private static func escape(_ text: String) -> String {
        let escaped = g_markup_escape_text(text, -1)!
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
