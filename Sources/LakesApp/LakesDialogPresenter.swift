import Foundation
import WebKitGTK

/// Shows a page's alert, confirm and prompt dialogs and file inputs as GTK dialogs over
/// the Lakes window. Permissions are denied: Lakes needs no camera, microphone, location
/// or notifications.
@MainActor
final class LakesDialogPresenter: WebPage.DialogPresenting {
    /// The window dialogs belong to.
    var parent: Gtk.Window?
    /// The dialog on screen, if any.
    private(set) var presented: Gtk.Dialog?
    /// How many dialogs were shown so far.
    private(set) var presentations = 0

    func handleJavaScriptAlert(message: String, initiatedBy frame: WebPage.FrameInfo) async {
        _ = await run(message: message, frame: frame, cancellable: false)
    }

    func handleJavaScriptConfirm(message: String, initiatedBy frame: WebPage.FrameInfo) async
        -> WebPage.JavaScriptConfirmResult
    {
        await run(message: message, frame: frame, cancellable: true) == .ok ? .ok : .cancel
    }

    func handleJavaScriptPrompt(message: String, defaultText: String?, initiatedBy frame: WebPage.FrameInfo)
        async -> WebPage.JavaScriptPromptResult
    {
        let entry = Gtk.Entry()
        entry.text = defaultText ?? ""
        entry.activatesDefault = true
        var text = ""
        let response = await run(message: message, frame: frame, cancellable: true, extra: entry) {
            text = entry.text
        }
        return response == .ok ? .ok(text) : .cancel
    }

    func handleFileInputPrompt(
        parameters: WKOpenPanelParameters, initiatedBy frame: WebPage.FrameInfo
    ) async -> WebPage.FileInputPromptResult {
        let chooser = Gtk.FileChooser(
            title: localized("Choose a File"), parent: parent, purpose: .open, acceptLabel: localized("_Open"),
            cancelLabel: localized("_Cancel"))
        chooser.allowsMultipleSelection = parameters.allowsMultipleSelection
        let urls = await chooser.choose()
        return urls.isEmpty ? .cancel : .selected(urls)
    }

    /// Asks where to save a file, starting with `suggestedName`; nil when cancelled.
    func chooseSaveLocation(suggestedName: String) async -> URL? {
        let chooser = Gtk.FileChooser(
            title: localized("Export as PDF"), parent: parent, purpose: .save, acceptLabel: localized("_Save"),
            cancelLabel: localized("_Cancel"))
        chooser.suggest(name: suggestedName)
        return await chooser.choose().first
    }

    /// Shows a modal dialog with the page's message and returns the response it was
    /// closed with.
    private func run(
        message: String, frame: WebPage.FrameInfo, cancellable: Bool, extra: Gtk.Widget? = nil,
        beforeClosing: () -> Void = {}
    ) async -> Gtk.Response {
        let site = frame.request.url?.host() ?? AppInfo.name
        let dialog = Gtk.Dialog(title: site, parent: parent)
        dialog.isResizable = false
        if cancellable { dialog.addButton(localized("_Cancel"), response: .cancel) }
        dialog.addButton(localized("_OK"), response: .ok)
        dialog.setDefault(.ok)

        let box = Gtk.Box(.vertical, spacing: 12)
        box.setMargins(start: 18, end: 18, top: 18, bottom: 12)
        let heading = Gtk.Label()
        let says = String(format: localized("%@ says"), site)
        heading.setMarkup("<b>\(Gtk.Label.escape(says))</b>")
        heading.textAlignment = 0
        let text = Gtk.Label(message)
        text.wraps = true
        text.maximumWidthInCharacters = 50
        text.textAlignment = 0
        text.isSelectable = true
        box.add(heading)
        box.add(text)
        if let extra { box.add(extra) }
        dialog.setContent(box)

        presented = dialog
        presentations += 1
        defer { presented = nil }
        let response = await dialog.response()
        beforeClosing()
        dialog.destroy()
        return response
    }
}
