// A custom URL scheme that streams generated pages, a navigation decider that keeps the
// page inside that scheme, and a script message handler that answers the page.
import Foundation
import WebKitGTK

/// Allows the app's own scheme and refuses every other navigation, telling the page so.
@MainActor
final class KeepInside: WebPage.NavigationDeciding {
    weak var page: WebPage?

    func decidePolicy(
        for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
    ) async -> WKNavigationActionPolicy {
        guard let url = action.request.url else { return .cancel }
        if url.scheme == "explore" || url.scheme == "about" {
            print("decider: allowed \(url)")
            return .allow
        }
        print("decider: refused \(url)")
        Task { _ = try? await page?.callJavaScript("noteRefused(url)", arguments: ["url": url.absoluteString]) }
        return .cancel
    }
}

let log = StreamLog()
var configuration = WebPage.Configuration()
configuration.urlSchemeHandlers[URLScheme("explore")!] = ExploreScheme(log: log)
// `postMessage` returns a promise, resolved with what this closure returns.
configuration.userContentController.addScriptMessageHandlerWithReply(name: "explorer") { message in
    let seen = (message.body as? [String: Any])?["seen"] as? Int ?? 0
    let (chunks, bytes, milliseconds) = await (log.chunks, log.bytes, log.milliseconds)
    print("message: the page saw \(seen) chunks; Swift sent \(chunks) (\(bytes) bytes)")
    return ["chunks": chunks, "bytes": bytes, "milliseconds": milliseconds]
}

let app = try WebApplication(id: "org.example.SchemeExplorer", name: "Scheme Explorer")
let status = app.run {
    let decider = KeepInside()
    let window = WebWindow(
        page: WebPage(configuration: configuration, navigationDecider: decider), application: app, width: 900,
        height: 700)
    decider.page = window.page
    window.page.load(URL(string: "explore://stream?chunks=8"))
    window.present()
}
exit(status)
