import Foundation
import GLibBridge

/// The ports WebKit refuses to load from, and the failure a refused navigation ends with.
///
/// WebKitGTK refuses a load to a restricted port (the Fetch standard's "bad ports") before
/// it reaches the network, but reports no `load-failed` for it: the load that started at
/// the URL commits an empty `about:blank` document and finishes. Apple's WebKit fails such
/// a navigation with error 103. The page notices the substitution at the commit and fails
/// the navigation with the engine's own error, `WEBKIT_POLICY_ERROR_CANNOT_USE_RESTRICTED_PORT`.
enum RestrictedPort {
    /// WebKit's list (`WTF::portAllowed`), with 65535, which it treats as invalid.
    static let ports: Set<Int> = [
        1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104,
        109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515,
        526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
        3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080, 65535,
    ]

    /// `WEBKIT_POLICY_ERROR_CANNOT_USE_RESTRICTED_PORT` in `WEBKIT_POLICY_ERROR`.
    static let errorDomain = "WebKitPolicyError"
    static let errorCode: Int32 = 103

    /// Whether WebKit refuses to load `url` for its port: an explicit restricted port, except
    /// in a `file:` URL (whose port means nothing) and FTP's own 21 and 22.
    static func isRestricted(_ url: String) -> Bool {
        guard let components = URLComponents(string: url), let port = components.port,
            let scheme = components.scheme?.lowercased(), scheme != "file", ports.contains(port)
        else { return false }
        return !(scheme == "ftp" && (port == 21 || port == 22))
    }

    /// The engine's error for a navigation to `url` it refused for its port.
    static func refusal(of url: String) -> GLibError {
        GLibError(domain: errorDomain, code: errorCode, message: "Not allowed to use restricted network port: \(url)")
    }
}
