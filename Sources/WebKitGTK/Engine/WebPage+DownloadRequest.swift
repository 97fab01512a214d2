internal import CWebKitGTK
import Foundation
import GLibBridge

extension WebPage {
    /// Starts downloading `url` from this page, as a navigation decided `.download` would
    /// (`webkit_web_view_download_uri`): the download is one of ``downloads`` once the
    /// engine starts it. Give it its `follower` at once to choose its file.
    ///
    /// WebKitGTK downloads a URL, not a request: the download is a GET of the URL, with
    /// the engine's own header fields.
    func requestDownload(of url: URL) -> Download {
        let raw = webkit_web_view_download_uri(webView, url.absoluteString)!
        defer { g_object_unref(raw) }
        let download = Download(
            OpaquePointer(raw), directory: configuration.downloadsDirectory ?? defaultDownloadsDirectory())
        downloading.requested[UInt(bitPattern: raw)] = download
        return download
    }
}
