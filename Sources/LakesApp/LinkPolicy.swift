import Foundation
import GLibBridge

/// Where Lakes lets a link go: its own articles in the window, the web to the person's
/// browser, and nothing else anywhere.
package struct LinkPolicy: Sendable {
    /// What to do with a navigation.
    package enum Decision: Equatable, Sendable {
        /// Load it in the window.
        case allowInApp
        /// Leave the window as it is and hand the URL to the default application.
        case openExternally(URL)
        /// Go nowhere and hand it to nothing; the reason is logged.
        case refuse(String)
    }

    /// The app's own scheme, always shown in the window.
    package var appScheme = "lakes"
    /// Schemes handed to the desktop's default application when a person follows them.
    package var externalSchemes: Set<String> = ["http", "https", "mailto"]

    package init() {}

    /// Decides a navigation to `url`.
    ///
    /// - Parameters:
    ///   - url: Where the navigation goes.
    ///   - currentURL: The page now shown: a web page (opened from the command line) may
    ///     navigate within its own origin (scheme, host and port, compared exactly).
    ///   - isUserAction: Whether a person started it (a click, a key). The page's own
    ///     script cannot send a person to another application.
    package func decide(_ url: URL, currentURL: URL?, isUserAction: Bool) -> Decision {
        guard let scheme = url.scheme?.lowercased(), !scheme.isEmpty else {
            return .refuse("no scheme in \(url.absoluteString)")
        }
        if scheme == appScheme { return .allowInApp }
        if scheme == "about", url.absoluteString.lowercased() == "about:blank" { return .allowInApp }
        if let currentURL, Self.origin(of: url) != nil, Self.origin(of: url) == Self.origin(of: currentURL) {
            return .allowInApp
        }
        guard externalSchemes.contains(scheme) else {
            return .refuse("the \(scheme): scheme is not opened by Lakes")
        }
        if scheme != "mailto" {
            guard let host = url.host(), !host.isEmpty else { return .refuse("no host in \(url.absoluteString)") }
        }
        guard isUserAction else { return .refuse("the page tried to leave for \(url.absoluteString) on its own") }
        return .openExternally(url)
    }

    /// The origin of a web URL: scheme, host and port, lowercased; nil for other URLs.
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host()?.lowercased(), !host.isEmpty
        else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(host):\(port)"
    }
}

/// Hands URLs to the desktop's default application with `xdg-open`.
///
/// The URL is passed as one argument to `xdg-open` itself, with no shell, so nothing in it
/// is interpreted. The child is reaped when it exits; Lakes does not wait for it.
package struct ExternalOpener: Sendable {
    /// The program run. Default: `xdg-open` from `PATH`.
    package var program: String
    /// Variables added to the child's environment (tests give it a throwaway `HOME`).
    package var environment: [String: String]
    /// The environment the child starts from. Default: nil, Lakes' own.
    package var baseEnvironment: [String: String]?

    package init(
        program: String = "xdg-open", environment: [String: String] = [:], baseEnvironment: [String: String]? = nil
    ) {
        self.program = program
        self.environment = environment
        self.baseEnvironment = baseEnvironment
    }

    /// Why a URL could not be handed over.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Starts `xdg-open url`; throws if the program cannot be started. A program that
    /// ends with a failure is logged.
    @MainActor
    package func open(_ url: URL) throws(Failure) {
        var variables = baseEnvironment ?? ProcessInfo.processInfo.environment
        variables.merge(environment) { $1 }
        let program = program
        do {
            try ChildProcess.spawn([program, url.absoluteString], environment: variables) { failure in
                if let failure { Log.lakes.message("\(program) \(url.absoluteString): \(failure)") }
            }
        } catch {
            throw Failure(description: "cannot run \(program): \(error.message)")
        }
    }
}
