import Foundation

/// Loading, as Apple's `WKWebView` does it: each load returns the ``WKNavigation`` that the
/// navigation delegate's callbacks for it get.
extension WKWebView {
    /// Loads a request.
    ///
    ///     webView.load(URLRequest(url: URL(string: "https://example.org")!))
    ///
    /// WebKitGTK loads top-level documents with GET only: another method, or a body,
    /// fails the navigation (`didFailProvisionalNavigation`).
    ///
    /// - Parameter request: The request; its URL must be absolute.
    /// - Returns: The navigation.
    @discardableResult
    public func load(_ request: URLRequest) -> WKNavigation? {
        navigation(startedBy: page.startLoad(request))
    }

    /// Loads an HTML document from a string.
    ///
    /// - Parameters:
    ///   - string: The document's source.
    ///   - baseURL: The URL relative links resolve against, and the document's origin;
    ///     nil for `about:blank`.
    /// - Returns: The navigation.
    @discardableResult
    public func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? {
        navigation(startedBy: page.startLoad(html: string, baseURL: baseURL))
    }

    /// Loads content of a given MIME type.
    ///
    /// - Parameters:
    ///   - data: The content.
    ///   - MIMEType: Its MIME type, such as `"text/html"` or `"image/svg+xml"`.
    ///   - characterEncodingName: The encoding of text content, by its IANA name (`"utf-8"`).
    ///   - baseURL: The URL relative links resolve against.
    /// - Returns: The navigation.
    @discardableResult
    public func load(
        _ data: Data, mimeType MIMEType: String, characterEncodingName: String, baseURL: URL
    ) -> WKNavigation? {
        navigation(
            startedBy: page.startLoad(
                data, mimeType: MIMEType, characterEncoding: String.Encoding(ianaName: characterEncodingName),
                baseURL: baseURL))
    }

    /// Loads a file.
    ///
    /// WebKitGTK lets a `file:` document read other files without being told which, so
    /// `readAccessURL` widens nothing; a file outside it is read all the same, as with a
    /// read-access URL of `/`.
    ///
    /// - Parameters:
    ///   - URL: A `file:` URL.
    ///   - readAccessURL: The file or folder the document may read from.
    /// - Returns: The navigation.
    @discardableResult
    public func loadFileURL(_ URL: URL, allowingReadAccessTo readAccessURL: URL) -> WKNavigation? {
        navigation(startedBy: page.startLoad(URLRequest(url: URL)))
    }

    /// Shows content as if a request had been answered with it, without sending the request.
    ///
    /// - Parameters:
    ///   - request: The request the content answers; its URL becomes the document's.
    ///   - response: The response, with its MIME type and encoding.
    ///   - data: The response's body.
    /// - Returns: The navigation.
    @discardableResult
    public func loadSimulatedRequest(_ request: URLRequest, response: URLResponse, responseData data: Data)
        -> WKNavigation?
    {
        navigation(startedBy: page.startLoad(simulatedRequest: request, response: response, responseData: data))
    }

    /// Shows an HTML document as if a request had been answered with it.
    ///
    /// - Parameters:
    ///   - request: The request the document answers; its URL becomes the document's.
    ///   - string: The document's source.
    /// - Returns: The navigation.
    @discardableResult
    public func loadSimulatedRequest(_ request: URLRequest, responseHTML string: String) -> WKNavigation? {
        navigation(startedBy: page.startLoad(simulatedRequest: request, responseHTML: string))
    }

    /// Loads the current document again.
    ///
    /// - Returns: The navigation; nil when there is nothing to reload.
    @discardableResult
    public func reload() -> WKNavigation? {
        navigation(startedBy: page.startReload(fromOrigin: false))
    }

    /// Loads the current document again, revalidating everything with the server.
    ///
    /// - Returns: The navigation; nil when there is nothing to reload.
    @discardableResult
    public func reloadFromOrigin() -> WKNavigation? {
        navigation(startedBy: page.startReload(fromOrigin: true))
    }

    /// Stops the navigation under way; the navigation delegate is told it failed with
    /// `NSURLErrorCancelled`.
    public func stopLoading() {
        page.stopLoading()
        endNavigations()
    }

    /// Goes to the back item.
    ///
    /// - Returns: The navigation; nil when there is no back item.
    @discardableResult
    public func goBack() -> WKNavigation? {
        navigation(startedBy: page.startGoing(back: true))
    }

    /// Goes to the forward item.
    ///
    /// - Returns: The navigation; nil when there is no forward item.
    @discardableResult
    public func goForward() -> WKNavigation? {
        navigation(startedBy: page.startGoing(back: false))
    }

    /// Goes to an entry of the history.
    ///
    /// - Parameter item: An item of this web view's ``backForwardList``.
    /// - Returns: The navigation.
    @discardableResult
    public func go(to item: WKBackForwardListItem) -> WKNavigation? {
        navigation(startedBy: page.startLoad(item.entry))
    }

    /// The navigation object of a load just asked for, which its callbacks will get; nil
    /// for a load the page refused to start.
    private func navigation(startedBy events: NavigationEvents) -> WKNavigation? {
        guard let id = events.navigationID else { return nil }
        return navigation(for: id)
    }
}

extension String.Encoding {
    /// The encoding an IANA name stands for; UTF-8 for a name Foundation does not know.
    init(ianaName: String) {
        let known: [String: String.Encoding] = [
            "utf-8": .utf8, "utf8": .utf8, "utf-16": .utf16, "utf-16le": .utf16LittleEndian,
            "utf-16be": .utf16BigEndian, "iso-8859-1": .isoLatin1, "latin1": .isoLatin1, "us-ascii": .ascii,
            "ascii": .ascii, "windows-1252": .windowsCP1252, "shift_jis": .shiftJIS, "euc-jp": .japaneseEUC,
        ]
        self = known[ianaName.lowercased()] ?? .utf8
    }
}
