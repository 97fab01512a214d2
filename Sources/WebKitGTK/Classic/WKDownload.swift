internal import CWebKitGTK
import Foundation
import GLibBridge

/// A file being downloaded by a ``WKWebView``: Apple's `WKDownload`.
///
///     webView.startDownload(using: URLRequest(url: reportURL)) { download in
///         download.delegate = self  // chooses the file, hears the end
///     }
///
/// A download comes from ``WKWebView/startDownload(using:completionHandler:)``, or from a
/// navigation the navigation delegate answered `.download`
/// (`webView(_:navigationAction:didBecome:)`, `webView(_:navigationResponse:didBecome:)`).
/// Set its ``delegate`` there: the delegate chooses the file
/// (`download(_:decideDestinationUsing:suggestedFilename:completionHandler:)`), and a
/// download whose delegate chooses none, or that has no delegate, is cancelled, as with
/// Apple's. The web view keeps the download until it ends.
///
/// Over the page's ``Download`` and WebKitGTK's `WebKitDownload`; it is one of the page's
/// ``WebPage/downloads`` too. WebKitGTK cannot resume a download: ``cancel(_:)`` and a
/// failure give no resume data.
@MainActor
open class WKDownload: NSObject, ProgressReporting {
    /// The request the download began with; nil for one that could not start.
    public let originalRequest: URLRequest?
    /// The web view the download belongs to.
    public private(set) weak var webView: WKWebView?
    /// Chooses the download's file and hears how it ends. The download does not keep it.
    public weak var delegate: (any WKDownloadDelegate)?
    /// How much is downloaded: `completedUnitCount` bytes of `totalUnitCount` (-1 while
    /// the size is unknown). Cancelling it cancels the download.
    public nonisolated let progress: Progress

    /// The page's download; nil for one that never started.
    private(set) var download: Download?
    /// The handlers of ``cancel(_:)`` calls waiting for the download to end.
    private var cancelHandlers: [@MainActor @Sendable (Data?) -> Void] = []

    init(request: URLRequest?, webView: WKWebView?) {
        originalRequest = request
        self.webView = webView
        progress = Progress(totalUnitCount: -1)
        super.init()
        progress.isCancellable = true
        progress.cancellationHandler = { [weak self] in onMainActor { self?.cancel() } }
    }

    /// A download over the page's `download`, followed from now on.
    convenience init(_ download: Download, request: URLRequest?, webView: WKWebView?) {
        self.init(request: request, webView: webView)
        attach(download)
    }

    /// Follows the page's download; the download keeps this object until it ends.
    func attach(_ download: Download) {
        self.download = download
        download.follower = DownloadFollower(self)
    }

    /// Cancels the download; `completionHandler` then gets the data to resume it with.
    ///
    /// WebKitGTK cannot resume downloads: the data is always nil, and the partial file is
    /// removed. The delegate is not told `didFailWithError` of a download cancelled here.
    ///
    /// - Parameter completionHandler: Called once the download has stopped, on the main
    ///   actor. Default: nil.
    public func cancel(_ completionHandler: (@MainActor @Sendable (Data?) -> Void)? = nil) {
        guard let download, case .inProgress = download.state else {
            completionHandler?(nil)
            return
        }
        if let completionHandler { cancelHandlers.append(completionHandler) }
        download.cancel()
    }

    /// Tells the delegate that the download failed, and never started.
    func fail(with error: any Error) {
        Task { @MainActor in
            // The app sets the delegate in the handler it was given the download in.
            await Task.yield()
            delegate?.download(self, didFailWithError: error, resumeData: nil)
        }
    }

    /// The page's download ended: tells the delegate how.
    fileprivate func ended(_ download: Download) {
        let handlers = cancelHandlers
        cancelHandlers = []
        switch download.state {
        case .inProgress:
            return
        case .finished:
            progress.completedUnitCount = max(progress.completedUnitCount, progress.totalUnitCount)
            delegate?.downloadDidFinish(self)
        case .failed(let error):
            delegate?.download(
                self, didFailWithError: Self.classicError(error, url: download.url), resumeData: nil)
        case .cancelled:
            if handlers.isEmpty {
                // Cancelled because no destination was chosen.
                delegate?.download(self, didFailWithError: URLError(.cancelled), resumeData: nil)
            }
        }
        for handler in handlers { handler(nil) }
    }

    /// The error the delegate is told of: a `URLError`, with the engine's error as its
    /// `NSUnderlyingErrorKey` and its message as the description.
    private static func classicError(_ error: any Error, url: URL?) -> any Error {
        guard let engine = error as? GLibError, engine.quark == webkit_download_error_quark() else {
            return classicNavigationError(error, url: url)
        }
        let code: URLError.Code =
            switch Int64(engine.code) {
            case Int64(WEBKIT_DOWNLOAD_ERROR_DESTINATION.rawValue): .cannotCreateFile
            case Int64(WEBKIT_DOWNLOAD_ERROR_CANCELLED_BY_USER.rawValue): .cancelled
            default: .networkConnectionLost
            }
        var info: [String: Any] = [NSLocalizedDescriptionKey: engine.message, NSUnderlyingErrorKey: error as NSError]
        if let url { info[NSURLErrorFailingURLErrorKey] = url }
        return URLError(code, userInfo: info)
    }

    /// Bytes arrived.
    fileprivate func changed(_ download: Download) {
        progress.totalUnitCount = download.expectedBytes ?? -1
        progress.completedUnitCount = download.receivedBytes
    }
}

/// Stands between a page's ``Download`` and its ``WKDownload``: asks the download's
/// delegate for the file, and passes progress and the end on.
@MainActor
final class DownloadFollower: Download.Follower {
    /// Strong: the page's download keeps its classic face alive until it ends.
    private let classic: WKDownload

    init(_ classic: WKDownload) { self.classic = classic }

    func destination(for download: Download, suggestedFilename: String, response: URLResponse?) async -> URL? {
        guard let delegate = classic.delegate else {
            Log.library.warning("a WKDownload has no delegate to choose its file; cancelled")
            return nil
        }
        let download = classic
        let response =
            response
            ?? URLResponse(
                url: download.originalRequest?.url ?? URL(string: "about:blank")!, mimeType: nil,
                expectedContentLength: -1, textEncodingName: nil)
        let answer = await DelegateCall.firstAnswer(
            "download(_:decideDestinationUsing:suggestedFilename:completionHandler:)", unanswered: nil,
            [
                { (handler: CompletionHandler<URL?>) in
                    delegate.download(
                        download, decideDestinationUsing: response, suggestedFilename: suggestedFilename,
                        completionHandler: handler.mainActorSendable)
                },
                { handler in
                    delegate.download(
                        download, decideDestinationUsing: response, suggestedFilename: suggestedFilename,
                        completionHandler: handler.plain)
                },
            ])
        if let answer { return answer }
        let chosen = await DelegateCall.implemented {
            await delegate.download(download, decideDestinationUsing: response, suggestedFilename: suggestedFilename)
        }
        guard let chosen else {
            Log.library.warning("a WKDownloadDelegate does not implement decideDestinationUsing; cancelled")
            return nil
        }
        return chosen
    }

    func downloadChanged(_ download: Download) { classic.changed(download) }

    func downloadEnded(_ download: Download) { classic.ended(download) }
}
