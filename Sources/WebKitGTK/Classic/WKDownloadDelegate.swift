import Foundation

/// Chooses where a ``WKDownload`` is saved and hears how it ends: Apple's
/// `WKDownloadDelegate`.
///
///     final class Saver: NSObject, WKDownloadDelegate {
///         func download(
///             _ download: WKDownload, decideDestinationUsing response: URLResponse, suggestedFilename: String,
///             completionHandler: @escaping @MainActor @Sendable (URL?) -> Void
///         ) {
///             completionHandler(downloadsFolder.appendingPathComponent(suggestedFilename))
///         }
///         func downloadDidFinish(_ download: WKDownload) { showInFiles() }
///     }
///
/// Its methods are called in the spellings ``WKNavigationDelegate`` describes: a handler
/// declared `@escaping @MainActor @Sendable` or plain `@escaping`, or the `async` form.
/// The destination is a file URL that does not exist yet; nil, a handler released
/// uncalled, or a delegate that implements no spelling cancels the download, and the
/// delegate is told `didFailWithError` with `NSURLErrorCancelled`.
///
/// On Linux WebKitGTK follows a download's redirects and answers its credential requests
/// through the web view: `willPerformHTTPRedirection` and `didReceive challenge` are
/// declared, for code written for Apple's, and never called. There is no resume data.
@MainActor
public protocol WKDownloadDelegate: NSObjectProtocol {
    /// Where to save the download: a file URL that does not exist yet, or nil to cancel.
    func download(
        _ download: WKDownload, decideDestinationUsing response: URLResponse, suggestedFilename: String,
        completionHandler: @escaping @MainActor @Sendable (URL?) -> Void)

    /// Where to save the download: a file URL that does not exist yet, or nil to cancel.
    func download(
        _ download: WKDownload, decideDestinationUsing response: URLResponse, suggestedFilename: String,
        completionHandler: @escaping (URL?) -> Void)

    /// Where to save the download: a file URL that does not exist yet, or nil to cancel.
    func download(_ download: WKDownload, decideDestinationUsing response: URLResponse, suggestedFilename: String)
        async -> URL?

    /// Whether to follow a redirect. Never called on Linux: WebKitGTK follows it.
    func download(
        _ download: WKDownload, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        decisionHandler: @escaping @MainActor @Sendable (WKDownload.RedirectPolicy) -> Void)

    /// Whether to follow a redirect. Never called on Linux: WebKitGTK follows it.
    func download(
        _ download: WKDownload, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        decisionHandler: @escaping (WKDownload.RedirectPolicy) -> Void)

    /// Whether to follow a redirect. Never called on Linux: WebKitGTK follows it.
    func download(
        _ download: WKDownload, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest
    ) async -> WKDownload.RedirectPolicy

    /// How to answer a request for credentials. Never called on Linux: the web view's
    /// navigation delegate is asked.
    func download(
        _ download: WKDownload, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @MainActor @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)

    /// How to answer a request for credentials. Never called on Linux: the web view's
    /// navigation delegate is asked.
    func download(
        _ download: WKDownload, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)

    /// How to answer a request for credentials. Never called on Linux: the web view's
    /// navigation delegate is asked.
    func download(_ download: WKDownload, respondTo challenge: URLAuthenticationChallenge) async -> (
        URLSession.AuthChallengeDisposition, URLCredential?
    )

    /// The whole file was written where the delegate chose.
    func downloadDidFinish(_ download: WKDownload)

    /// The download failed, or was cancelled because no destination was chosen; the
    /// partial file is removed. `resumeData` is always nil: WebKitGTK cannot resume.
    func download(_ download: WKDownload, didFailWithError error: any Error, resumeData: Data?)
}

extension WKDownload {
    /// Whether a download follows a redirect: Apple's `WKDownload.RedirectPolicy`.
    public enum RedirectPolicy: Int, Sendable, Hashable {
        /// Stop the download.
        case cancel = 0
        /// Follow the redirect.
        case allow = 1
    }
}

extension WKDownloadDelegate {
    /// Not implemented: the delegate does not answer in this spelling.
    public func download(
        _ download: WKDownload, decideDestinationUsing response: URLResponse, suggestedFilename: String,
        completionHandler: @escaping @MainActor @Sendable (URL?) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func download(
        _ download: WKDownload, decideDestinationUsing response: URLResponse, suggestedFilename: String,
        completionHandler: @escaping (URL?) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func download(
        _ download: WKDownload, decideDestinationUsing response: URLResponse, suggestedFilename: String
    ) async -> URL? {
        DelegateCall.unimplemented()
        return nil
    }

    /// Not implemented: the delegate does not answer in this spelling.
    public func download(
        _ download: WKDownload, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        decisionHandler: @escaping @MainActor @Sendable (WKDownload.RedirectPolicy) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func download(
        _ download: WKDownload, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        decisionHandler: @escaping (WKDownload.RedirectPolicy) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func download(
        _ download: WKDownload, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest
    ) async -> WKDownload.RedirectPolicy {
        DelegateCall.unimplemented()
        return .allow
    }

    /// Not implemented: the delegate does not answer in this spelling.
    public func download(
        _ download: WKDownload, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @MainActor @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func download(
        _ download: WKDownload, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) { DelegateCall.unimplemented() }

    /// Not implemented: the delegate does not answer in this spelling.
    public func download(_ download: WKDownload, respondTo challenge: URLAuthenticationChallenge) async -> (
        URLSession.AuthChallengeDisposition, URLCredential?
    ) {
        DelegateCall.unimplemented()
        return (.performDefaultHandling, nil)
    }

    /// Does nothing.
    public func downloadDidFinish(_ download: WKDownload) { DelegateCall.unimplemented() }

    /// Does nothing.
    public func download(_ download: WKDownload, didFailWithError error: any Error, resumeData: Data?) {
        DelegateCall.unimplemented()
    }
}
