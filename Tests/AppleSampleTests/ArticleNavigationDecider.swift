import Foundation
import Observation
import WebKitGTK

/// The links the reader followed off the bundled articles, for the app to open in the browser.
@MainActor
@Observable
final class ExternalLinks {
    var opened: [URL] = []
}

/// Keeps the reader on the bundled articles: a link elsewhere is cancelled and recorded.
struct ArticleNavigationDecider: WebPage.NavigationDeciding {
    let links: ExternalLinks
    var urlToOpen: URL?

    mutating func decidePolicy(
        for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
    ) async -> WKNavigationActionPolicy {
        guard action.navigationType == .linkActivated, let url = action.request.url, url.scheme != "lakes" else {
            return .allow
        }
        urlToOpen = url
        links.opened.append(url)
        return .cancel
    }
}
