import Foundation
import FoundationNetworking

/// ``WebPage/NavigationPreferences/preferredHTTPSNavigationPolicy``: a top-level `http:`
/// navigation the decider allowed goes to `https:` first, and its failure there is handled
/// as the policy says.
extension WebPage {
    /// The page's HTTPS upgrades: the one under way, and the `http:` URL offered after
    /// one failed.
    struct HTTPSUpgrading {
        /// The upgrade of the navigation under way, until it commits or is superseded.
        var current: HTTPSUpgrade?
        /// The `http:` URL of a failed user-mediated upgrade, loaded as it is once asked for.
        var offeredInsecureURL: URL?
    }

    /// An `http:` navigation tried at `https:` first.
    struct HTTPSUpgrade {
        /// The `https:` URL tried.
        let secure: URL
        /// The `http:` URL asked for.
        let insecure: URL
        let policy: NavigationPreferences.UpgradeToHTTPSPolicy

        /// The upgrade of `request`, or nil when the preferences keep it as requested or it
        /// is not an `http:` request.
        init?(_ request: URLRequest, _ preferences: NavigationPreferences) {
            guard preferences.preferredHTTPSNavigationPolicy != .keepAsRequested, let url = request.url,
                let secure = Self.secureForm(of: url)
            else { return nil }
            self.secure = secure
            insecure = url
            policy = preferences.preferredHTTPSNavigationPolicy
        }

        /// `url` at `https:`, without port 80 if it names it; nil unless `url` is `http:`.
        ///
        /// Made from the text (``URLText``): `URLComponents`' scheme setter runs the host
        /// through IDNA, which loads ICU's data into the process.
        static func secureForm(of url: URL) -> URL? {
            guard let text = URLText(url.absoluteString), text.scheme.lowercased() == "http" else { return nil }
            guard var authority = text.authority else { return URL(string: "https:" + text.rest) }
            // A port is written after the authority's last colon.
            if url.port == 80, let portColon = authority.lastIndex(of: ":") {
                authority = authority[..<portColon]
            }
            return URL(string: "https://" + authority + text.rest)
        }

        /// Whether `uri`, as the engine reports it, is the `https:` URL tried.
        func isSecureLoad(_ uri: String?) -> Bool {
            guard let uri else { return false }
            return NavigationTracker.key(uri) == NavigationTracker.key(secure.absoluteString)
        }
    }

    /// The upgrade of a navigation the decider allowed with `preferences`, or nil when it
    /// loads as requested: the `http:` URL of a failed user-mediated upgrade is loaded
    /// as it is, once, when the app asks for it.
    func upgrade(of request: URLRequest, _ preferences: NavigationPreferences) -> HTTPSUpgrade? {
        // Only a load the app asked for is known to be the main frame's: WebKitGTK does not
        // say which frame a page-initiated navigation is for, and an iframe's must not be
        // loaded in the main frame.
        guard let url = request.url, let pending = tracker.pending,
            pending.urls.contains(NavigationTracker.key(url.absoluteString)),
            let upgrade = HTTPSUpgrade(request, preferences)
        else { return nil }
        if upgrade.policy == .userMediatedFallbackToHTTP, httpsUpgrading.offeredInsecureURL == upgrade.insecure {
            httpsUpgrading.offeredInsecureURL = nil
            return nil
        }
        return upgrade
    }

    /// Loads the `https:` form of a navigation the decider allowed, as the same navigation.
    func start(_ upgrade: HTTPSUpgrade, request: URLRequest) {
        httpsUpgrading.current = upgrade
        var secureRequest = request
        secureRequest.url = upgrade.secure
        deciderQueue.preapprovedURL = upgrade.secure
        loadInEngine(secureRequest)
    }

    /// A load failed: hands an HTTPS upgrade's failure to its policy, then to the tracker.
    func navigationFailed(url: String?, beforeCommit: Bool, isCancellation: Bool, error: any Error) {
        var error = error
        if let upgrade = httpsUpgrading.current, beforeCommit, !isCancellation, upgrade.isSecureLoad(url) {
            httpsUpgrading.current = nil
            switch upgrade.policy {
            case .automaticFallbackToHTTP:
                if tracker.retryActive(at: upgrade.insecure.absoluteString) {
                    deciderQueue.preapprovedURL = upgrade.insecure
                    loadInEngine(URLRequest(url: upgrade.insecure))
                    return
                }
            case .userMediatedFallbackToHTTP:
                httpsUpgrading.offeredInsecureURL = upgrade.insecure
                error = HTTPSUpgradeError(insecureURL: upgrade.insecure, underlyingError: error)
            case .errorOnFailure, .keepAsRequested:
                break
            }
        }
        tracker.failed(url: url, beforeCommit: beforeCommit, isCancellation: isCancellation, error: error)
    }
}
