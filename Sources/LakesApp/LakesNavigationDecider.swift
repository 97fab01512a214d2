import Foundation
import GLibBridge
import WebKitGTK

/// Lakes' navigation decider: articles stay in the window, web links go to the browser,
/// and everything else is refused with a warning on standard error.
///
/// Only a person's gesture sends a link to the browser, and only one link at a time: a
/// page that asks for more in the same moment (a thousand `window.open` calls at one
/// click) gets the first, and the rest are refused. Warnings come at most once a second,
/// counting those held back, so a page that keeps trying does not fill the log.
@MainActor
final class LakesNavigationDecider: WebPage.NavigationDeciding {
    let policy: LinkPolicy
    let opener: ExternalOpener
    /// The page the decisions are for, to know what it shows now.
    weak var page: WebPage?
    /// Where warnings go. Default: standard error.
    var log: (String) -> Void = { Log.lakes.message($0) }

    /// How long after a link went to the browser another is refused, and how long
    /// warnings are held back after one.
    static let quietInterval = Duration.seconds(1)

    private var appLoads: [URL] = []
    private let clock = ContinuousClock()
    /// When a link last asked to go to the browser, handed over or not.
    private var lastExternalRequest: ContinuousClock.Instant?
    private var lastWarning: ContinuousClock.Instant?
    private var warningsHeldBack = 0

    init(policy: LinkPolicy = LinkPolicy(), opener: ExternalOpener = ExternalOpener()) {
        self.policy = policy
        self.opener = opener
    }

    /// Says that the app itself is about to load `url` (an article picked in the sidebar,
    /// the command line's URL): that navigation is allowed in the window.
    func willLoad(_ url: URL) {
        appLoads.append(url)
    }

    func decidePolicy(
        for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
    ) async -> WKNavigationActionPolicy {
        guard let url = action.request.url else { return .cancel }
        if let index = appLoads.firstIndex(of: url) {
            appLoads.remove(at: index)
            return .allow
        }
        // History and reload return to pages that were allowed when first shown.
        if action.navigationType == .backForward || action.navigationType == .reload { return .allow }
        // A link or form a script clicks or submits is no person's action: only a gesture is.
        switch policy.decide(url, currentURL: page?.url, isUserAction: action.isUserGesture) {
        case .allowInApp:
            return .allow
        case .openExternally(let target):
            let now = clock.now
            defer { lastExternalRequest = now }
            if let last = lastExternalRequest, now - last < Self.quietInterval {
                warn("refused a navigation: the page asked for \(target.absoluteString) right after another link")
                return .cancel
            }
            do {
                try opener.open(target)
            } catch {
                warn("could not open \(target.absoluteString): \(error)")
            }
            return .cancel
        case .refuse(let reason):
            warn("refused a navigation: \(reason)")
            return .cancel
        }
    }

    /// Logs `message`, unless a warning went out less than a second ago; those held back
    /// are counted in the next one.
    private func warn(_ message: String) {
        let now = clock.now
        if let last = lastWarning, now - last < Self.quietInterval {
            warningsHeldBack += 1
            return
        }
        log(warningsHeldBack > 0 ? "\(message) (and \(warningsHeldBack) more held back)" : message)
        lastWarning = now
        warningsHeldBack = 0
    }
}
