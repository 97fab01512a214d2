import Foundation

/// Downloads in Apple's classic spellings, over the page's ``WebPage/downloads``.
extension WKWebView {
    /// Downloads a URL without navigating, and hands over the download once it started.
    ///
    ///     webView.startDownload(using: URLRequest(url: reportURL)) { download in
    ///         download.delegate = saver
    ///     }
    ///
    /// Set the download's delegate in `completionHandler`: it chooses the file. WebKitGTK
    /// downloads a URL, not a request (`webkit_web_view_download_uri`): the request's URL
    /// is fetched with GET and the engine's own header fields; its method, fields and body
    /// are not used.
    ///
    /// - Parameters:
    ///   - request: The request whose URL to download.
    ///   - completionHandler: Gets the download, on the main actor.
    public func startDownload(
        using request: URLRequest, completionHandler: @escaping @MainActor @Sendable (WKDownload) -> Void
    ) {
        let download = makeDownload(request)
        Task { @MainActor in completionHandler(download) }
    }

    /// Downloads a URL without navigating, as ``startDownload(using:completionHandler:)``.
    ///
    ///     let download = await webView.startDownload(using: URLRequest(url: reportURL))
    ///     download.delegate = saver
    ///
    /// - Parameter request: The request whose URL to download.
    /// - Returns: The download. Set its delegate before the next turn of the main loop.
    public func startDownload(using request: URLRequest) async -> WKDownload {
        makeDownload(request)
    }

    /// Resumes a download from the data its cancellation or failure gave.
    ///
    /// WebKitGTK cannot resume a download, and gives no resume data: the download handed
    /// over fails at once, its delegate told `download(_:didFailWithError:resumeData:)`
    /// with a ``WKError`` that says so. Start the download again instead, with
    /// ``startDownload(using:completionHandler:)``.
    ///
    /// - Parameters:
    ///   - resumeData: The data to resume from; not used.
    ///   - completionHandler: Gets the download, on the main actor; set its delegate there.
    public func resumeDownload(
        fromResumeData resumeData: Data, completionHandler: @escaping @MainActor @Sendable (WKDownload) -> Void
    ) {
        let download = WKDownload(request: nil, webView: self)
        Task { @MainActor in
            completionHandler(download)
            download.fail(with: Self.cannotResume)
        }
    }

    /// Resumes a download, as ``resumeDownload(fromResumeData:completionHandler:)``: on
    /// Linux the download fails at once.
    ///
    /// - Parameter resumeData: The data to resume from; not used.
    /// - Returns: The download. Set its delegate before the next turn of the main loop.
    public func resumeDownload(fromResumeData resumeData: Data) async -> WKDownload {
        let download = WKDownload(request: nil, webView: self)
        download.fail(with: Self.cannotResume)
        return download
    }

    private static var cannotResume: WKError {
        WKError(
            .unknown,
            userInfo: [
                NSLocalizedDescriptionKey:
                    "WebKitGTK cannot resume a download; start it again with startDownload(using:)"
            ])
    }

    /// A download of the request's URL, started in the page, or one that fails at once.
    private func makeDownload(_ request: URLRequest) -> WKDownload {
        let download = WKDownload(request: request, webView: self)
        guard !page.isClosed else {
            download.fail(with: WKError(.webViewInvalidated))
            return download
        }
        guard let url = request.url else {
            download.fail(with: URLError(.badURL))
            return download
        }
        download.attach(page.requestDownload(of: url))
        return download
    }

    /// Hands the next download the page starts, one the navigation delegate answered
    /// `.download` for, to `tell` as a ``WKDownload`` of `request`.
    func claimNextDownload(request: URLRequest?, tell: @escaping @MainActor (WKWebView, WKDownload) -> Void) {
        page.downloading.claims.append { [weak self] download in
            guard let self else { return }
            tell(self, WKDownload(download, request: request, webView: self))
        }
    }
}
