import GTK
import WebKitGTK

/// The right side of the window: the article's web view with a thin progress bar over
/// it, a banner for notices, a bar that offers to stop an article that does not respond,
/// and the page shown when the article's web process ended.
@MainActor
final class ArticleArea {
    /// The widget to place.
    let widget = Gtk.Stack()
    private let progress = Gtk.ProgressBar()
    private let notice = Gtk.Label()
    private let noticeBar = Gtk.Box(.horizontal, spacing: 12)
    private var noticeGeneration = 0
    private let hangBar = Gtk.Box(.horizontal, spacing: 12)
    /// Called when the reader chooses to stop the article that does not respond.
    var onStop: () -> Void = {}

    /// Builds the area around the page's view.
    init(webView: WebView) {
        let overlay = Gtk.Overlay()
        overlay.add(widget: webView.gtkWidget)
        progress.align(vertical: .start)
        progress.addStyleClass("osd")
        progress.ignoresShowAll = true
        overlay.addOverlay(progress)

        notice.wraps = true
        notice.textAlignment = 0
        noticeBar.packStart(notice, expand: true)
        let dismiss = Gtk.Button(iconName: "window-close-symbolic")
        dismiss.addStyleClass("flat")
        dismiss.tooltip = localized("Dismiss")
        dismiss.onClick { [weak self] in self?.noticeBar.hide() }
        noticeBar.packEnd(dismiss)
        notice.show()
        dismiss.show()
        Self.floatOverArticle(noticeBar)
        overlay.addOverlay(noticeBar)
        buildHangBar()
        overlay.addOverlay(hangBar)

        widget.add(overlay, named: "article")
        widget.add(Self.crashPage(), named: "crashed")
    }

    /// Shows the loading progress, or hides the bar when nothing loads.
    func showProgress(_ fraction: Double?) {
        if let fraction, fraction < 1 {
            progress.fraction = max(fraction, 0.05)
            progress.show()
        } else {
            progress.hide()
        }
    }

    /// Shows a notice over the top of the article for a while, or until dismissed.
    func showNotice(_ text: String) {
        notice.text = text
        noticeBar.show()
        noticeGeneration += 1
        let generation = noticeGeneration
        Task { @MainActor [weak self] in
            try? await Task.sleep(for: .seconds(10))
            guard let self, noticeGeneration == generation else { return }
            noticeBar.hide()
        }
    }

    /// The text of the notice on screen, if one is.
    var shownNotice: String? { noticeBar.isVisible ? notice.text : nil }

    /// Says that the article does not respond, with Wait and Stop, or takes that back.
    func showNotResponding(_ notResponding: Bool) {
        notResponding ? hangBar.show() : hangBar.hide()
    }

    /// Whether the bar that offers to stop the article is on screen.
    var showsNotResponding: Bool { hangBar.isVisible }

    private func buildHangBar() {
        let icon = Gtk.Image(iconName: "dialog-warning-symbolic", pixelSize: 16)
        let text = Gtk.Label(localized("This article is not responding. Stop it, or wait for it to finish?"))
        text.wraps = true
        text.textAlignment = 0
        // Waiting keeps the page as it is; the bar comes back if the page stops answering again.
        let wait = Gtk.Button(label: localized("_Wait"))
        wait.onClick { [weak self] in self?.hangBar.hide() }
        let stop = Gtk.Button(label: localized("_Stop"))
        stop.addStyleClass("destructive-action")
        stop.onClick { [weak self] in self?.onStop() }
        hangBar.packStart(icon)
        hangBar.packStart(text, expand: true)
        hangBar.packEnd(stop)
        hangBar.packEnd(wait)
        for child in [icon, text, wait, stop] as [Gtk.Widget] { child.show() }
        Self.floatOverArticle(hangBar)
    }

    /// Styles `bar` as a notification floating at the top of the article, hidden until
    /// shown (GNOME's `app-notification`).
    private static func floatOverArticle(_ bar: Gtk.Box) {
        bar.addStyleClass("app-notification")
        bar.align(horizontal: .center, vertical: .start)
        bar.setMargins(start: 12, end: 12, top: 0)
        bar.ignoresShowAll = true
    }

    /// Whether the crash page is shown instead of the article.
    var showsCrash: Bool {
        get { widget.visibleChildName == "crashed" }
        set { widget.visibleChildName = newValue ? "crashed" : "article" }
    }

    /// What the reader sees when the article's web process ended: what happened, and a
    /// button that reloads it (`win.reload`).
    private static func crashPage() -> Gtk.Widget {
        let column = Gtk.Box(.vertical, spacing: 12)
        column.align(horizontal: .center, vertical: .center)
        column.setMargins(36)
        let icon = Gtk.Image(iconName: "computer-fail-symbolic", pixelSize: 96)
        icon.addStyleClass("dim-label")
        let title = Gtk.Label(localized("The Article Stopped"))
        title.setMarkup("<span size='x-large' weight='bold'>\(Gtk.Label.escape(title.text))</span>")
        let explanation = Gtk.Label(
            localized("The process that showed this article ended unexpectedly. Reload it to read on where you were."))
        explanation.wraps = true
        explanation.maximumWidthInCharacters = 48
        explanation.addStyleClass("dim-label")
        let reload = Gtk.Button(label: localized("_Reload"))
        reload.setAction(WindowAction.reload.detailedName)
        reload.addStyleClass("suggested-action")
        reload.align(horizontal: .center)
        reload.setMargins(top: 12)
        for child in [icon, title, explanation, reload] as [Gtk.Widget] { column.add(child) }
        return column
    }
}
