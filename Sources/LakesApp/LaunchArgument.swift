import Foundation

/// A page named on Lakes' command line.
package enum LaunchArgument {
    /// An argument Lakes cannot open.
    package struct UsageError: Error, Equatable, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    /// The page an argument names: an absolute URL (`https://…`, `lakes://…`,
    /// `file:///…`), or a path to an existing file, taken as a `file:` URL.
    ///
    /// - Throws: ``UsageError`` for anything else.
    package static func url(from argument: String) throws(UsageError) -> URL {
        if FileManager.default.fileExists(atPath: argument) {
            return URL(fileURLWithPath: argument).standardizedFileURL
        }
        guard let url = URL(string: argument), let scheme = url.scheme, !scheme.isEmpty else {
            throw UsageError(message: String(format: localized("not a URL or an existing file: %@"), argument))
        }
        return url
    }
}
