import Foundation

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
