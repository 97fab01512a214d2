import Foundation

/// How ``WKWebView/find(_:configuration:completionHandler:)`` searches: Apple's
/// `WKFindConfiguration`.
@MainActor
open class WKFindConfiguration: NSObject, NSCopying {
    /// Whether to search toward the start of the page. Default: false.
    public var backwards = false
    /// Whether a match must have the same case. Default: false.
    public var caseSensitive = false
    /// Whether to go on from the other end of the page after the last match. Default: true.
    public var wraps = true

    /// A configuration with the defaults: forwards, any case, wrapping.
    public override init() {
        super.init()
    }

    /// A configuration with the same settings.
    nonisolated public func copy(with zone: NSZone? = nil) -> Any {
        MainActor.assumeIsolated { () -> WKFindConfiguration in
            let copy = WKFindConfiguration()
            copy.backwards = backwards
            copy.caseSensitive = caseSensitive
            copy.wraps = wraps
            return copy
        }
    }

    var query: (backwards: Bool, caseSensitive: Bool, wraps: Bool) { (backwards, caseSensitive, wraps) }
}

/// What a find found: Apple's `WKFindResult`.
@MainActor
open class WKFindResult: NSObject, NSCopying {
    /// Whether the page has a match; it is selected and scrolled into view.
    public let matchFound: Bool

    init(matchFound: Bool) {
        self.matchFound = matchFound
        super.init()
    }

    /// The result itself: it does not change.
    nonisolated public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Find in page in Apple's classic spellings.
extension WKWebView {
    /// Searches the page for a string, selects the match and scrolls it into view.
    ///
    ///     webView.find("salmon") { result in
    ///         print(result.matchFound)
    ///     }
    ///
    /// A find of the string just found, with the same case and wrapping, moves on to the
    /// next match, or the previous one with `backwards`; any other starts over. WebKitGTK's
    /// find controller (`webkit_find_controller_search`, `_search_next`,
    /// `_search_previous`) also highlights every match; it is the one the view's
    /// ``WebView/findNavigator`` uses, so a find here moves that bar's selection too.
    ///
    /// - Parameters:
    ///   - string: The text to find. An empty one finds nothing.
    ///   - configuration: The direction, case and wrapping. Default: the defaults.
    ///   - completionHandler: Gets the result, on the main actor.
    public func find(
        _ string: String, configuration: WKFindConfiguration = .init(),
        completionHandler: @escaping @MainActor @Sendable (WKFindResult) -> Void
    ) {
        let query = configuration.query
        Task { @MainActor in completionHandler(await find(string, query)) }
    }

    /// Searches the page for a string, as ``find(_:configuration:completionHandler:)``.
    ///
    ///     let found = try await webView.find("salmon", configuration: backwards).matchFound
    ///
    /// - Parameters:
    ///   - string: The text to find. An empty one finds nothing.
    ///   - configuration: The direction, case and wrapping. Default: the defaults.
    /// - Returns: Whether there was a match.
    /// - Throws: Nothing on Linux; Apple's declares it throwing.
    public func find(_ string: String, configuration: WKFindConfiguration = .init()) async throws -> WKFindResult {
        await find(string, configuration.query)
    }

    private func find(_ string: String, _ query: (backwards: Bool, caseSensitive: Bool, wraps: Bool)) async
        -> WKFindResult
    {
        let found = await PageFind(page: page).find(
            PageFind.Query(
                text: string, backwards: query.backwards, caseSensitive: query.caseSensitive, wraps: query.wraps))
        return WKFindResult(matchFound: found)
    }
}
