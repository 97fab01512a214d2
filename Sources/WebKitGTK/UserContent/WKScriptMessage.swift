import Foundation

/// A message a page posted to a handler: Apple's `WKScriptMessage`.
public struct WKScriptMessage: @unchecked Sendable {
    /// The handler's name.
    public let name: String
    /// The body, decoded from JSON: strings, numbers, booleans, arrays, dictionaries, `NSNull`.
    public let body: Any
    /// The world it was posted from.
    public let world: WKContentWorld
    /// The URL of the document that posted it. For a handler of the page's world with
    /// allowed origins, that of the frame that posted; for any other, WebKitGTK names no
    /// frame, and it is the page's main document: the one shown when the message came, not
    /// one a navigation was still loading.
    public let url: URL?
    /// Whether the main frame posted it (not an iframe).
    var isMainFrame = true

    /// The frame that posted it: see ``url``.
    public var frameInfo: WebPage.FrameInfo { WebPage.FrameInfo(url: url, isMainFrame: isMainFrame) }

    /// The origin of ``url``: `scheme://host[:port]`, or `scheme:` for URLs without a host.
    /// An addition of this library, as `allowedOrigins` compares it.
    public var origin: String? { url.map(WKScriptMessage.origin(of:)) }

    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        guard let host = url.host()?.lowercased(), !host.isEmpty else { return "\(scheme):" }
        return url.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }

    /// Whether a message from `url` passes `allowed` (origins, or `scheme:` for a scheme).
    static func isAllowed(_ url: URL?, by allowed: Set<String>?) -> Bool {
        guard let allowed else { return true }
        guard let url, let scheme = url.scheme?.lowercased() else { return false }
        return allowed.contains(origin(of: url)) || allowed.contains("\(scheme):")
    }
}
