import Foundation
import GLibBridge
import GTK
import WebKitGTK

/// Shows a page's alert, confirm and prompt dialogs and file inputs as GTK dialogs over
/// the Lakes window. Permissions are denied: Lakes needs no camera, microphone, location
/// or notifications.
///
/// A page can open dialogs without end, each as soon as the last is closed, and a modal
/// dialog leaves the reader nothing else to click. So from a page's second dialog on, a box
/// to tick says "Don't show more dialogs from this page"; ticked, the page's later dialogs
/// are answered at once without being shown (alerts dismissed, questions cancelled) until
/// another page is shown. A page still stuck in its loop then holds the next article the
/// reader picks, and the window offers to stop it.
@MainActor
final class LakesDialogPresenter: WebPage.DialogPresenting {
    /// The window dialogs belong to.
    var parent: Gtk.Window?
    /// The dialog on screen, if any.
    private(set) var presented: Gtk.Dialog?
    /// How many dialogs were shown so far.
    private(set) var presentations = 0
    /// The box of the dialog on screen that silences the page, if it has one.
    private(set) var silenceOption: Gtk.CheckButton?
    /// Whether the reader asked to see no more dialogs from the page shown now.
    private(set) var isSilenced = false
    /// How many dialogs were answered without being shown since then.
    private(set) var silenced = 0
    /// How many dialogs the page shown now has shown.
    private var shownForPage = 0

    /// Another page is shown: its dialogs are shown again.
    func pageChanged() {
        isSilenced = false
        silenced = 0
        shownForPage = 0
    }

    func handleJavaScriptAlert(message: String, initiatedBy frame: WebPage.FrameInfo) async {
        guard !answeredSilently() else { return }
        _ = await run(message: message, frame: frame, cancellable: false)
    }

    func handleJavaScriptConfirm(message: String, initiatedBy frame: WebPage.FrameInfo) async
        -> WebPage.JavaScriptConfirmResult
    {
        guard !answeredSilently() else { return .cancel }
        return await run(message: message, frame: frame, cancellable: true) == .ok ? .ok : .cancel
    }

    func handleJavaScriptPrompt(message: String, defaultText: String?, initiatedBy frame: WebPage.FrameInfo)
        async -> WebPage.JavaScriptPromptResult
    {
        guard !answeredSilently() else { return .cancel }
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

    /// Whether the page was silenced; counts the dialog answered without being shown.
    private func answeredSilently() -> Bool {
        if isSilenced { silenced += 1 }
        return isSilenced
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
        let silence = shownForPage > 0 ? Gtk.CheckButton(localized("_Don't show more dialogs from this page")) : nil
        if let silence { box.add(silence) }
        dialog.setContent(box)

        presented = dialog
        silenceOption = silence
        presentations += 1
        shownForPage += 1
        defer {
            presented = nil
            silenceOption = nil
        }
        let response = await dialog.response()
        beforeClosing()
        if silence?.isActive == true {
            isSilenced = true
            Log.lakes.message("the dialogs of \(site) are no longer shown, at the reader's word")
        }
        dialog.destroy()
        return response
    }
}
