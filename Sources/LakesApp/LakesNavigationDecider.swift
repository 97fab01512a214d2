import Foundation
import GLibBridge
import WebKitGTK

/// Lakes' navigation decider: articles stay in the window, web links go to the browser,
/// and everything else is refused with a warning on standard error.
@MainActor
final class LakesNavigationDecider: WebPage.NavigationDeciding {
    let policy: LinkPolicy
    let opener: ExternalOpener
    /// The page the decisions are for, to know what it shows now.
    weak var page: WebPage?
    /// Where warnings go. Default: standard error.
    var log: (String) -> Void = { Log.lakes.message($0) }

    private var appLoads: [URL] = []

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
        let userAction =
            action.isUserGesture || action.navigationType == .linkActivated || action.navigationType == .formSubmitted
        switch policy.decide(url, currentURL: page?.url, isUserAction: userAction) {
        case .allowInApp:
            return .allow
        case .openExternally(let target):
            do {
                try opener.open(target)
            } catch {
                log("could not open \(target.absoluteString): \(error)")
            }
            return .cancel
        case .refuse(let reason):
            log("refused a navigation: \(reason)")
            return .cancel
        }
    }
}
