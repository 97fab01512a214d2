package import CWebKitGTK
import Foundation

// Small C idioms the package needs in several places, written once.

/// A value that crosses into a `Sendable` closure although its type is not `Sendable`:
/// a C pointer, or an object that only the main actor touches.
///
/// Use it only where the value is used on one thread (GLib's main thread) at a time; it
/// replaces passing a pointer through an integer.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}

/// Calls `body` with a `NULL`-terminated array of C strings copied from `strings`, as
/// `const gchar * const *` parameters take them; nil for an empty list when `emptyIsNull`.
package func withNullTerminatedCStrings<Result>(
    _ strings: [String], emptyIsNull: Bool = false,
    _ body: (UnsafePointer<UnsafePointer<CChar>?>?) throws -> Result
) rethrows -> Result {
    let copies = strings.map { strdup($0) } + [nil]
    defer { copies.forEach { free($0) } }
    return try copies.map { UnsafePointer($0) }.withUnsafeBufferPointer {
        try body(strings.isEmpty && emptyIsNull ? nil : $0.baseAddress)
    }
}

/// A new `GBytes` holding a copy of `data` (transfer full: the caller unrefs it).
package func makeGBytes(copying data: Data) -> OpaquePointer {
    data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
}

extension GLibError {
    /// A copy of a `GError` the caller keeps (transfer none).
    package convenience init(copying error: UnsafePointer<GError>) {
        self.init(adopting: OpaquePointer(g_error_copy(error)))
    }

    /// Whether it is in the error domain `domain`, and has `code` if one is given.
    package func matches(_ domain: GQuark, code: Int32? = nil) -> Bool {
        quark == domain && (code.map { $0 == self.code } ?? true)
    }
}
