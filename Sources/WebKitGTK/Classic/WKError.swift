internal import CWebKitGTK
import Foundation
import GLibBridge

/// The domain of ``WKError``: Apple's `WKErrorDomain`.
public let WKErrorDomain = "WKErrorDomain"

/// An error of the web view itself, as opposed to one of the network: Apple's `WKError`.
///
///     do {
///         _ = try await webView.evaluateJavaScript("undefinedFunction()")
///     } catch let error as WKError where error.code == .javaScriptExceptionOccurred {
///         print(error.localizedDescription)
///     }
public struct WKError: CustomNSError, Hashable, Sendable {
    /// What went wrong: Apple's `WKError.Code`, with Apple's raw values.
    public enum Code: Int, Sendable, Hashable {
        /// An error without a more specific code.
        case unknown = 1
        /// The web content process ended.
        case webContentProcessTerminated = 2
        /// The web view was closed.
        case webViewInvalidated = 3
        /// A script threw, or its promise was rejected.
        case javaScriptExceptionOccurred = 4
        /// A script's result is of a type that cannot cross over (a function, a symbol, a
        /// DOM node).
        case javaScriptResultTypeIsUnsupported = 5
        /// A content rule list did not compile.
        case contentRuleListStoreCompileFailed = 6
        /// A content rule list could not be looked up.
        case contentRuleListStoreLookUpFailed = 7
        /// A content rule list could not be removed.
        case contentRuleListStoreRemoveFailed = 8
        /// A content rule list was compiled by another version of the engine.
        case contentRuleListStoreVersionMismatch = 9
        /// Attributed string content failed to load.
        case attributedStringContentFailedToLoad = 10
        /// Attributed string content took too long to load.
        case attributedStringContentLoadTimedOut = 11
        /// A script was asked to run in a frame that is not there.
        case javaScriptInvalidFrameTarget = 12
        /// A navigation left the app's bound domains.
        case navigationAppBoundDomain = 13
        /// A script ran outside the app's bound domains.
        case javaScriptAppBoundDomain = 14
        /// A credential was stored twice.
        case duplicateCredential = 15
        /// A credential was malformed.
        case malformedCredential = 16
        /// A credential was not found.
        case credentialNotFound = 17
    }

    /// What went wrong.
    public let code: Code
    private let texts: [String: String]

    /// An error with a code and, optionally, what it says: texts under keys such as
    /// `NSLocalizedDescriptionKey`.
    public init(_ code: Code, userInfo: [String: String] = [:]) {
        self.code = code
        texts = userInfo
    }

    /// What the error says, under `NSLocalizedDescriptionKey` and, for a script's exception,
    /// `WKJavaScriptExceptionMessage`.
    public var errorUserInfo: [String: Any] { texts }

    /// ``WKErrorDomain``.
    public static var errorDomain: String { WKErrorDomain }
    /// The code's raw value.
    public var errorCode: Int { code.rawValue }

    /// Errors of the same code are equal.
    public static func == (lhs: WKError, rhs: WKError) -> Bool { lhs.code == rhs.code }
    /// Hashes the code.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}

/// The error a classic navigation delegate is told of, from the error the engine gave: in
/// `NSURLErrorDomain` for the network's failures, with `NSURLErrorCancelled` for a load
/// that was stopped or superseded; in `WebKitErrorDomain` for the engine's policy failures
/// (codes 100 to 103, as Apple's); a ``WKError`` where Apple uses one. The original error
/// is the result's `NSUnderlyingErrorKey`, and its message the description.
func classicNavigationError(_ error: any Error, url: URL?) -> any Error {
    let failure: any Error
    switch error {
    case WebPage.NavigationError.failedProvisionalNavigation(let underlying): failure = underlying
    case WebPage.NavigationError.webContentProcessTerminated: return WKError(.webContentProcessTerminated)
    case WebPage.NavigationError.pageClosed: return WKError(.webViewInvalidated)
    case WebPage.NavigationError.invalidURL: return URLError(.badURL, userInfo: userInfo(for: error, url: url))
    default: failure = error
    }
    if failure is TLSCertificateError {
        return URLError(.serverCertificateUntrusted, userInfo: userInfo(for: failure, url: url))
    }
    guard let engine = failure as? GLibError else { return failure }
    let info = userInfo(for: engine, url: url)
    switch engine.quark {
    case webkit_network_error_quark():
        switch Int64(engine.code) {
        case Int64(WEBKIT_NETWORK_ERROR_CANCELLED.rawValue): return URLError(.cancelled, userInfo: info)
        case Int64(WEBKIT_NETWORK_ERROR_UNKNOWN_PROTOCOL.rawValue): return URLError(.unsupportedURL, userInfo: info)
        case Int64(WEBKIT_NETWORK_ERROR_FILE_DOES_NOT_EXIST.rawValue):
            return URLError(.fileDoesNotExist, userInfo: info)
        default: return URLError(.cannotConnectToHost, userInfo: info)
        }
    case webkit_policy_error_quark():
        return NSError(domain: "WebKitErrorDomain", code: Int(engine.code), userInfo: info)
    case g_io_error_quark():
        switch Int64(engine.code) {
        case Int64(G_IO_ERROR_CANCELLED.rawValue): return URLError(.cancelled, userInfo: info)
        case Int64(G_IO_ERROR_TIMED_OUT.rawValue): return URLError(.timedOut, userInfo: info)
        case Int64(G_IO_ERROR_HOST_NOT_FOUND.rawValue): return URLError(.cannotFindHost, userInfo: info)
        case Int64(G_IO_ERROR_NETWORK_UNREACHABLE.rawValue), Int64(G_IO_ERROR_HOST_UNREACHABLE.rawValue):
            return URLError(.notConnectedToInternet, userInfo: info)
        default: return URLError(.cannotConnectToHost, userInfo: info)
        }
    case g_resolver_error_quark():
        return URLError(.cannotFindHost, userInfo: info)
    case g_tls_error_quark():
        return URLError(.secureConnectionFailed, userInfo: info)
    default:
        return URLError(.unknown, userInfo: info)
    }
}

private func userInfo(for error: any Error, url: URL?) -> [String: Any] {
    var info: [String: Any] = [
        NSLocalizedDescriptionKey: (error as? GLibError)?.message ?? "\(error)",
        NSUnderlyingErrorKey: error as NSError,
    ]
    if let url {
        info[NSURLErrorFailingURLErrorKey] = url
    }
    return info
}
