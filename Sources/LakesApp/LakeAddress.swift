import Foundation
import WebKitGTK

/// The web address of a lake article a reader adds, checked before Lakes opens it.
package enum LakeAddress {
    /// Why an address was not taken, in words for the dialog.
    package struct Problem: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// Reads what the reader typed: an `http` or `https` address with a host. An address
    /// typed without a scheme (`en.wikipedia.org/wiki/Lake_Geneva`) is taken as `https`.
    ///
    /// - Returns: The address.
    /// - Throws: ``Problem`` for anything else, saying what is wrong.
    package static func parse(_ text: String) throws(Problem) -> URL {
        let typed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !typed.isEmpty else { throw Problem(description: localized("Enter the address of a web page.")) }
        // Scalar by scalar: a space joined to the mark before it (U+0600) is in a Character
        // that is not whitespace.
        guard !typed.unicodeScalars.contains(where: \.properties.isWhitespace) else {
            throw Problem(description: localized("A web address has no spaces."))
        }
        let candidate = hasScheme(typed) && !isHostAndPort(typed) ? typed : "https://" + typed
        guard let url = URL(string: candidate), let scheme = url.scheme?.lowercased() else {
            throw Problem(description: localized("This is not a web address."))
        }
        guard scheme == "http" || scheme == "https" else {
            throw Problem(
                description: String(
                    format: localized("Lakes opens web pages only (http or https), not %@ addresses."), scheme))
        }
        guard let host = url.host(), !host.isEmpty, host.contains(".") || host == "localhost" || host.hasPrefix("[")
        else {
            throw Problem(description: localized("The address needs a site name, like en.wikipedia.org."))
        }
        guard url.user == nil, url.password == nil else {
            throw Problem(description: localized("Lakes does not open addresses with a user name or password."))
        }
        return url
    }

    // What was typed is read scalar by scalar, as a regular expression would read it, without
    // one: ICU's first regular expression loads about 4 MiB of its data into Lakes' process.
    // Both checks are for text the caller has found free of whitespace.

    /// Whether `typed` starts with a scheme and its colon (`https:`, `mailto:`).
    static func hasScheme(_ typed: String) -> Bool {
        let scalars = typed.unicodeScalars
        guard let colon = scalars.firstIndex(of: ":") else { return false }
        return URLScheme.isName(scalars[..<colon])
    }

    /// Whether `typed` is a site and port without a scheme (`localhost:8080/lake`): a name
    /// without `/`, a colon, digits, then `/` or the end.
    static func isHostAndPort(_ typed: String) -> Bool {
        let scalars = typed.unicodeScalars
        guard let colon = scalars.firstIndex(of: ":") else { return false }
        let name = scalars[..<colon]
        let rest = scalars[scalars.index(after: colon)...]
        let port = rest.prefix { ("0"..."9").contains($0) }
        return !name.isEmpty && !name.contains("/") && !port.isEmpty
            && (port.endIndex == rest.endIndex || rest[port.endIndex] == "/")
    }
}
