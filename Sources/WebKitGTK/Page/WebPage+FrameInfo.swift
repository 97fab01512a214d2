internal import CWebKitGTK
import Foundation
import FoundationNetworking

extension WebPage {
    /// A frame of a page: whether it is the main frame, its request and its origin.
    ///
    ///     func handleJavaScriptAlert(message: String, initiatedBy frame: WebPage.FrameInfo) async {
    ///         print("\(frame.securityOrigin.host) says \(message)")
    ///     }
    ///
    /// WebKitGTK's UI-process API has no frame objects, so a frame is described from what
    /// the engine reports: the main frame's document for dialogs, permission requests and
    /// script, and for navigations the frame named by the link's target. Apple's
    /// `WebPage.FrameInfo`.
    public struct FrameInfo: Sendable, Hashable {
        /// Whether it is the page's main frame, not an iframe.
        public let isMainFrame: Bool
        /// The frame's current request: the URL of its document.
        public let request: URLRequest
        /// The origin of the frame's document.
        public let securityOrigin: WKSecurityOrigin

        /// Describes a frame showing `url`.
        ///
        /// The page makes these itself; an app makes one to compare with, or for its own tests.
        ///
        /// - Parameters:
        ///   - url: The URL of the frame's document. Nil is `about:blank`.
        ///   - isMainFrame: Whether it is the main frame. Default: true.
        public init(url: URL?, isMainFrame: Bool = true) {
            let url = url ?? URL(string: "about:blank")!
            self.isMainFrame = isMainFrame
            request = URLRequest(url: url)
            securityOrigin = WKSecurityOrigin(url: url)
        }
    }

    /// The main frame as it is now.
    var mainFrameInfo: FrameInfo { FrameInfo(url: url) }
}

/// The origin of a document, its scheme, host and port: Apple's `WKSecurityOrigin`.
///
///     let origin = WKSecurityOrigin(url: URL(string: "https://example.org:8443/a")!)
///     print(origin)  // https://example.org:8443
///
/// WebKitGTK's `WebKitSecurityOrigin` (`webkit_security_origin_new_for_uri`).
public struct WKSecurityOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The scheme, for example `"https"` or `"lakes"`.
    public let `protocol`: String
    /// The host; "" for URLs without one (`about:blank`, `data:`).
    public let host: String
    /// The port, or 0 for the scheme's default port.
    public let port: Int

    /// The origin of `url`, as WebKit computes it.
    ///
    /// - Parameter url: A URL of the document; only its scheme, host and port count.
    public init(url: URL) {
        let origin = webkit_security_origin_new_for_uri(url.absoluteString)
        defer { if let origin { webkit_security_origin_unref(origin) } }
        `protocol` =
            origin.flatMap { String(optionalCString: webkit_security_origin_get_protocol($0)) }
            ?? url.scheme?.lowercased() ?? ""
        host = origin.flatMap { String(optionalCString: webkit_security_origin_get_host($0)) } ?? ""
        port = origin.map { Int(webkit_security_origin_get_port($0)) } ?? 0
    }

    /// `scheme://host[:port]`, or `scheme:` for an origin without a host.
    public var description: String {
        guard !host.isEmpty else { return "\(`protocol`):" }
        return port == 0 ? "\(`protocol`)://\(host)" : "\(`protocol`)://\(host):\(port)"
    }
}
