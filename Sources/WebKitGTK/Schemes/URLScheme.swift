import Foundation
import FoundationNetworking

/// The name of a custom URL scheme a page answers itself, such as `lakes` in
/// `lakes://articles/tahoe`.
///
///     let scheme = URLScheme("lakes")!       // valid
///     URLScheme("https")                      // nil: WebKit loads https itself
///     URLScheme("not a scheme")               // nil: invalid syntax
///
/// Apple's `URLScheme`. See <doc:CustomURLSchemes>.
public struct URLScheme: Hashable, Sendable, CustomStringConvertible {
    /// The scheme, lowercased.
    public let rawValue: String

    /// Schemes WebKitGTK handles itself, which a page cannot take over.
    static let builtIn: Set<String> = [
        "about", "blob", "data", "file", "ftp", "http", "https", "javascript", "ws", "wss",
        "resource", "webkit", "webkit-pdfjs-viewer", "view-source", "filesystem", "mailto",
    ]

    /// Makes a scheme from its name, or returns nil when the name is not a valid scheme
    /// (RFC 3986: a letter, then letters, digits, `+`, `-` or `.`) or names a scheme
    /// WebKit handles itself (http, https, ws, wss, ftp, file, about, data, blob,
    /// javascript, and WebKitGTK's own). Names are case-insensitive.
    ///
    /// - Parameter name: The scheme's name, without the colon, at most 64 characters.
    public init?(_ name: String) {
        let lowered = name.lowercased()
        guard Self.isName(lowered.unicodeScalars), lowered.count <= 64, !Self.builtIn.contains(lowered)
        else { return nil }
        rawValue = lowered
    }

    /// Whether `scalars` spell a scheme's name (RFC 3986): an ASCII letter, then ASCII
    /// letters, digits, `+`, `-` and `.`.
    package static func isName(_ scalars: some Collection<Unicode.Scalar>) -> Bool {
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let first = scalars.first, isLetter(first) else { return false }
        return scalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }
    }

    /// The scheme's name, lowercased, as ``rawValue``.
    public var description: String { rawValue }
}

/// What a ``URLSchemeHandler`` answers a request with: first one response, then the
/// body as any number of data chunks. Apple's `URLSchemeTaskResult`.
///
/// Unlike Apple's, a task has exactly one response: WebKitGTK fixes the headers when the
/// response starts, so a second one fails the load with
/// ``URLSchemeHandlerError/secondResponse``.
public enum URLSchemeTaskResult: @unchecked Sendable {
    /// The response's status, headers, MIME type and length. Exactly one, first.
    ///
    /// An `HTTPURLResponse` gives its status code and header fields; a plain `URLResponse`
    /// gives only the MIME type, text encoding and length. An `expectedContentLength` of
    /// -1 is an unknown length. `webkit_uri_scheme_response_new`.
    case response(URLResponse)
    /// A chunk of the body; WebKit asks for each chunk when it wants more.
    case data(Data)
}

/// Answers the requests of a custom URL scheme, streaming.
///
///     struct Hello: URLSchemeHandler {
///         func reply(for request: URLRequest) -> AsyncThrowingStream<URLSchemeTaskResult, any Error> {
///             AsyncThrowingStream { continuation in
///                 continuation.yield(.response(URLResponse(url: request.url!, mimeType: "text/plain",
///                     expectedContentLength: 5, textEncodingName: "utf-8")))
///                 continuation.yield(.data(Data("hello".utf8)))
///                 continuation.finish()
///             }
///         }
///     }
///     var configuration = WebPage.Configuration()
///     configuration.urlSchemeHandlers[URLScheme("hello")!] = Hello()
///
/// The sequence is read only as fast as WebKit consumes it, 64 KiB ahead at most, so a
/// sequence that produces chunks lazily streams any size in constant memory. When WebKit
/// abandons the load (the page navigates away, stops, or closes) the task iterating the
/// sequence is cancelled. Throwing before the response fails the navigation
/// provisionally; throwing after it fails the committed load.
///
/// Apple's `URLSchemeHandler`, over WebKitGTK's `webkit_web_context_register_uri_scheme`
/// and a `GInputStream` that asks the sequence for each chunk. See <doc:CustomURLSchemes>.
public protocol URLSchemeHandler {
    /// The sequence ``reply(for:)`` returns: a response, then data chunks.
    associatedtype TaskSequence: AsyncSequence<URLSchemeTaskResult, any Error>

    /// Returns the response and body for `request` (URL, method, headers and body).
    ///
    /// The page calls it on the main thread when one of its documents asks for a URL of
    /// the scheme; the body of a request that has one has been read in full by then.
    ///
    /// - Parameter request: The request, with its URL, method, header fields and body.
    /// - Returns: A sequence of one ``URLSchemeTaskResult/response(_:)``, then any number of
    ///   ``URLSchemeTaskResult/data(_:)``.
    func reply(for request: URLRequest) -> TaskSequence
}

/// A scheme handler broke the response protocol, or a request had no handler.
///
/// The load fails with it, as the engine's error with this description for its message:
/// provisionally when no response was given, after commit when the response had started.
public enum URLSchemeHandlerError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The sequence ended before it produced a response.
    case noResponse
    /// The sequence produced data before its response.
    case dataBeforeResponse
    /// The sequence produced a second response.
    case secondResponse
    /// No handler of the page answers this scheme.
    case noHandler(scheme: String)

    /// Says how the handler broke the protocol, or which scheme has no handler.
    public var description: String {
        switch self {
        case .noResponse: "the URL scheme handler finished without a response"
        case .dataBeforeResponse: "the URL scheme handler sent data before its response"
        case .secondResponse: "the URL scheme handler sent a second response"
        case .noHandler(let scheme): "no URL scheme handler for \(scheme):"
        }
    }
}
