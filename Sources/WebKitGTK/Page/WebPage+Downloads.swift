import Foundation
import GLibBridge

extension WebPage {
    /// The page's downloads, and what tells a download someone asked for from one the page
    /// started by itself.
    struct Downloads {
        /// The storage of ``WebPage/downloads``.
        var list: [Download] = []
        /// How many downloads the decider asked for that have not started yet.
        var asked = 0
        /// What becomes of the next downloads the decider asked for, oldest first: each is
        /// handed its download when the engine starts it (a classic navigation delegate's
        /// `didBecome download`).
        var claims: [(Download) -> Void] = []
        /// Downloads requested by URL (`requestDownload(of:)`), by engine object,
        /// until the engine starts them.
        var requested: [UInt: Download] = [:]
        /// When the view's context menu last closed: WebKit's own items save files from there.
        var contextMenuClosed: ContinuousClock.Instant?
        /// Downloads cancelled because nobody asked for them, kept until the engine is done.
        var refused: [ObjectIdentifier: Download] = [:]
        var refusedCount = 0
        /// The `download` link just clicked, until its navigation claims it (see
        /// `claimDownloadLink(_:)` below).
        var linkURL: URL?
    }

    /// The page's downloads, oldest first: navigations and responses decided `.download`,
    /// and files a person saves with WebKit's own context-menu items. Observable. An
    /// addition of this library.
    ///
    /// A page cannot start one by itself. WebKitGTK downloads a link with the `download`
    /// attribute even when the decider allows its navigation, in any frame; such a download
    /// is cancelled before anything is written, and logged. To download such links, answer
    /// `.download` where ``NavigationAction/shouldPerformDownload`` says a link asks for it.
    public var downloads: [Download] {
        access(keyPath: \.downloads)
        return downloading.list
    }

    /// Notes when the view's context menu closes, for ``downloadStarted(_:)``.
    func connectDownloadSignals() {
        onSignal("context-menu-dismissed") { page, _ in
            page.downloading.contextMenuClosed = ContinuousClock.now
            return nil
        }
    }

    /// The engine started `download` in this page: kept if someone asked for it, cancelled
    /// otherwise.
    func downloadStarted(_ download: OpaquePointer) {
        if let requested = downloading.requested.removeValue(forKey: UInt(bitPattern: download)) {
            withMutation(keyPath: \.downloads) { downloading.list.append(requested) }
            return
        }
        let fromMenu = downloading.contextMenuClosed.map { ContinuousClock.now - $0 < .seconds(2) } ?? false
        let asked = downloading.asked > 0
        var claim: ((Download) -> Void)?
        if asked {
            downloading.asked -= 1
            if !downloading.claims.isEmpty { claim = downloading.claims.removeFirst() }
        }
        guard asked || fromMenu else {
            let refused = Download(refusing: download)
            downloading.refusedCount += 1
            if downloading.refusedCount == 1 {
                Log.library.message(
                    "cancelled a download the page started by itself: \(refused.url?.absoluteString ?? "?")"
                        + "; more are cancelled silently")
            }
            let id = ObjectIdentifier(refused)
            downloading.refused[id] = refused
            refused.onEnd = { [weak self] in self?.downloading.refused[id] = nil }
            return
        }
        let started = Download(download, directory: configuration.downloadsDirectory ?? defaultDownloadsDirectory())
        withMutation(keyPath: \.downloads) { downloading.list.append(started) }
        claim?(started)
    }
}

// MARK: Download links

/// ``WebPage/NavigationAction/shouldPerformDownload``: whether a followed link has the
/// `download` attribute.
///
/// WebKitGTK's navigation actions do not carry the attribute, so a script in a world of
/// the page's own reports the link a click (or Enter) activates when it has `download`,
/// just before the navigation it causes is decided.
extension WebPage {
    static let linkWorld = WKContentWorld.world(name: "WebKitGTKSwift.links")
    static let downloadLinkHandlerName = "webkitgtkSwiftDownloadLink"

    static let downloadLinkReporterSource = """
        addEventListener('click', (event) => {
          const link = event.target instanceof Element ? event.target.closest('a[download]') : null;
          if (link && link.href) window.webkit.messageHandlers.\(downloadLinkHandlerName).postMessage(link.href);
        }, true);
        """

    /// The reporter saw a click on a download link.
    func receiveDownloadLink(_ link: String) {
        downloading.linkURL = URL(string: link)
    }

    /// Whether a link navigation to `url` is the download link just clicked; it is
    /// claimed once.
    func claimDownloadLink(_ url: URL?) -> Bool {
        guard let url, let link = downloading.linkURL else { return false }
        downloading.linkURL = nil
        return link == url
    }
}
