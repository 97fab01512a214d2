import Foundation

/// What the command line asks Lakes to do.
package struct LaunchOptions: Equatable, Sendable {
    /// The page to open first; nil opens the start page.
    package var url: URL?
    /// `--help`: print usage and exit.
    package var showHelp = false
    /// `--version`: print the version and exit.
    package var showVersion = false
    /// `--automation`: let a WebDriver client drive Lakes, with throwaway data.
    package var automation = false

    package init(url: URL? = nil, showHelp: Bool = false, showVersion: Bool = false, automation: Bool = false) {
        self.url = url
        self.showHelp = showHelp
        self.showVersion = showVersion
        self.automation = automation
    }

    /// An argument Lakes does not understand.
    package struct UsageError: Error, Equatable, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    /// Reads the arguments after the program name.
    ///
    /// A URL must be absolute (`https://…`, `lakes://…`, `file:///…`); a path to an existing
    /// file is taken as a `file:` URL.
    package static func parse(_ arguments: [String]) throws(UsageError) -> LaunchOptions {
        var options = LaunchOptions()
        for argument in arguments {
            switch argument {
            case "-h", "--help": options.showHelp = true
            case "--version": options.showVersion = true
            case "--automation": options.automation = true
            case _ where argument.hasPrefix("-"):
                throw UsageError(message: "unknown option \(argument)")
            default:
                guard options.url == nil else { throw UsageError(message: "only one URL can be opened") }
                options.url = try url(from: argument)
            }
        }
        return options
    }

    private static func url(from argument: String) throws(UsageError) -> URL {
        if FileManager.default.fileExists(atPath: argument) {
            return URL(fileURLWithPath: argument).standardizedFileURL
        }
        guard let url = URL(string: argument), let scheme = url.scheme, !scheme.isEmpty else {
            throw UsageError(message: "not a URL or an existing file: \(argument)")
        }
        return url
    }

    package static let usage = """
        Usage: lakes [OPTION…] [URL]

        Read about the world's great lakes.

          URL            a page to open instead of the first article
          --automation   let a WebDriver client drive Lakes (WebKitWebDriver); keeps no data
          --version      print the version and exit
          -h, --help     print this help and exit
        """
}
