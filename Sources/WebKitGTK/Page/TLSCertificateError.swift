import Foundation

/// A TLS certificate WebKit refused; the load failed and nothing was trusted.
///
///     do {
///         for try await _ in page.load(URL(string: "https://self-signed.example")) {}
///     } catch WebPage.NavigationError.failedProvisionalNavigation(let error as TLSCertificateError) {
///         print(error.host, error.problems.contains(.unknownAuthority))
///     }
///
/// A navigation fails provisionally with it on WebKitGTK's `load-failed-with-tls-errors`;
/// the library never trusts such a certificate on its own.
public struct TLSCertificateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with a certificate. The corresponding C type is `GTlsCertificateFlags`.
    public struct Problems: OptionSet, Sendable, Hashable {
        /// The `GTlsCertificateFlags` bits.
        public let rawValue: UInt32
        /// Makes a set from `GTlsCertificateFlags` bits.
        ///
        /// - Parameter rawValue: The bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// No trusted authority signed it (`G_TLS_CERTIFICATE_UNKNOWN_CA`).
        public static let unknownAuthority = Problems(rawValue: 1 << 0)
        /// It is not for the host asked for (`G_TLS_CERTIFICATE_BAD_IDENTITY`).
        public static let badIdentity = Problems(rawValue: 1 << 1)
        /// It is not valid yet (`G_TLS_CERTIFICATE_NOT_ACTIVATED`).
        public static let notActivated = Problems(rawValue: 1 << 2)
        /// It has expired (`G_TLS_CERTIFICATE_EXPIRED`).
        public static let expired = Problems(rawValue: 1 << 3)
        /// It was revoked (`G_TLS_CERTIFICATE_REVOKED`).
        public static let revoked = Problems(rawValue: 1 << 4)
        /// It uses an insecure algorithm (`G_TLS_CERTIFICATE_INSECURE`).
        public static let insecure = Problems(rawValue: 1 << 5)
        /// Some other error (`G_TLS_CERTIFICATE_GENERIC_ERROR`).
        public static let other = Problems(rawValue: 1 << 6)
    }

    /// The host whose certificate was refused.
    public let host: String
    /// What is wrong with it.
    public let problems: Problems

    init(host: String, rawFlags: UInt32) {
        self.host = host
        problems = Problems(rawValue: rawFlags)
    }

    /// Says whose certificate was refused and what is wrong with it, in words.
    public var description: String {
        let names: [(Problems, String)] = [
            (.unknownAuthority, "signed by an unknown authority"), (.badIdentity, "not issued for this host"),
            (.notActivated, "not valid yet"), (.expired, "expired"), (.revoked, "revoked"),
            (.insecure, "using an insecure algorithm"), (.other, "invalid"),
        ]
        let found = names.filter { problems.contains($0.0) }.map(\.1)
        return "The certificate of \(host) is \(found.isEmpty ? "not trusted" : found.joined(separator: ", "))"
    }
}
