package import CWebKitGTK

/// A `GError` as a Swift error: its domain, code and message.
///
/// The error owns the `GError` it was made from and frees it when the last reference
/// goes away. Every `GError **` out-parameter in the package becomes a thrown `GLibError`.
///
///     catch let error as GLibError where error.domain == "WebKitNetworkError" {
///         print(error.code, error.message)
///     }
///
/// WebKitGTK's navigation failures after commit, and the underlying error of most
/// provisional ones, are `GLibError`s with WebKit's domains (`WebKitNetworkError`,
/// `WebKitPolicyError` …) and codes.
public final class GLibError: Error, CustomStringConvertible, @unchecked Sendable {
    // A GError is never changed after it is set, so sharing it across threads is safe.
    private let error: UnsafeMutablePointer<GError>

    /// Takes ownership of a `GError` (transfer full).
    package init(adopting error: OpaquePointer) {
        self.error = UnsafeMutablePointer(error)
    }

    /// Makes a new error in `domain` (a GQuark string such as `"g-io-error-quark"`).
    package init(domain: String, code: Int32, message: String) {
        let quark = g_quark_from_string(domain)
        self.error = message.withCString { g_error_new_literal(quark, code, $0) }
    }

    deinit { g_error_free(error) }

    /// A new `GError` with the same domain, code and message (transfer full), for C
    /// functions that take ownership of one.
    package func copyGError() -> UnsafeMutablePointer<GError> {
        g_error_copy(error)
    }

    /// The error domain's quark.
    package var quark: GQuark { error.pointee.domain }

    /// The error domain's name, for example `"g-io-error-quark"` or `"WebKitNetworkError"`.
    public var domain: String { String(cString: g_quark_to_string(error.pointee.domain)) }

    /// The error's code within its domain.
    public var code: Int32 { error.pointee.code }

    /// The human-readable message GLib or WebKit gave.
    public var message: String { String(optionalCString: error.pointee.message) ?? "" }

    /// The message, then the domain and code in parentheses: `"message (domain, code)"`.
    public var description: String { "\(message) (\(domain), \(code))" }

    /// Whether this is GIO's `G_IO_ERROR_CANCELLED`.
    public var isCancellation: Bool {
        error.pointee.domain == cwk_io_error_quark() && error.pointee.code == Int32(G_IO_ERROR_CANCELLED.rawValue)
    }

    /// Calls a C function that reports failure through a `GError **` and throws what it set.
    ///
    ///     let bytes = try GLibError.check { g_file_load_bytes(file, nil, nil, $0) }
    package static func check<Result>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> Result)
        throws(GLibError)
        -> Result
    {
        var error: UnsafeMutablePointer<GError>?
        let result = body(&error)
        if let error { throw GLibError(adopting: OpaquePointer(error)) }
        return result
    }
}
