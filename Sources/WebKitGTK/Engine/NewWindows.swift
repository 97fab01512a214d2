internal import CWebKitGTK
import Foundation
import FoundationNetworking
import GLibBridge

/// Where a page's new windows (`window.open`, `target=_blank`) open when its owner makes a
/// page for each: a ``WKWebView``'s, whose UI delegate answers them.
///
/// A page without a route loads its new windows in itself (`WebPage+PolicySignals.swift`).
/// With one, a link's new-window action is put to the page's decider and, allowed, goes
/// on to WebKitGTK's `create` signal, which `open` answers with a page made related to
/// this one: the opened window is that page, with `window.opener` set.
@MainActor
final class NewWindowRoute {
    /// The page whose new windows these are.
    weak var page: WebPage?
    /// The page for a new window, made with ``WebPage/makeRelatedPage(_:)``; nil opens none.
    let open: @MainActor (WebPage.NavigationAction) -> WebPage?

    init(page: WebPage, open: @escaping @MainActor (WebPage.NavigationAction) -> WebPage?) {
        self.page = page
        self.open = open
    }
}

extension EngineView {
    /// Connects the new-window signals ahead of the page's own handlers, which run only when
    /// there is no route (these return unhandled then).
    func connectNewWindowRoute() {
        connections.append(
            view.connect("decide-policy") { [weak self] arguments in
                let type = WebKitPolicyDecisionType(UInt32(bitPattern: arguments.enumValue(2)))
                guard type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION, let page = self?.newWindows?.page,
                    let decision = arguments.object(1)
                else { return nil }
                page.decideNewWindow(GObjectReference(retaining: decision))
                return true
            })
        connections.append(
            view.connect(
                "create",
                returningObject: { [weak self] arguments in
                    guard let self, let route = newWindows, let page = route.page else { return nil }
                    var opened: WebPage?
                    if let raw = arguments.pointer(1), !page.isClosed {
                        opened = route.open(page.navigationAction(raw, newWindow: true))
                    }
                    if let opened, !opened.isClosed, opened.engine.opener === view {
                        return opened.view.pointer
                    }
                    if opened != nil {
                        Log.library.warning(
                            "the web view for a new window was not made with the configuration given; none opens")
                    }
                    // Nothing opens: the page's own handler would load the window in the page.
                    g_signal_stop_emission_by_name(UnsafeMutableRawPointer(view.pointer), "create")
                    return nil
                }))
    }
}

extension WebPage {
    /// Opens the page's new windows in the pages `open` makes (with ``makeRelatedPage(_:)``)
    /// instead of in the page itself; `open` returning nil opens nothing.
    func routeNewWindows(to open: @escaping @MainActor (NavigationAction) -> WebPage?) {
        engine.newWindows = NewWindowRoute(page: self, open: open)
    }

    /// Runs `make`, whose page is made related to this one: in its web process, as the page
    /// of a window this page opens must be.
    func makeRelatedPage<Result>(_ make: () -> Result) -> Result {
        EngineView.relating(to: view, make)
    }

    /// A link's new-window action, routed: the decider is asked, as for any navigation, and
    /// an allowed one goes on to `create`.
    fileprivate func decideNewWindow(_ decision: GObjectReference) {
        let raw = webkit_navigation_policy_decision_get_navigation_action(decision.cast())!
        let action = navigationAction(raw, newWindow: true)
        Task { @MainActor in
            var preferences = configuration.defaultNavigationPreferences
            let policy = await askDecider { await $0.decidePolicy(for: action, preferences: &preferences) }
            // Holding `decision` until here matters: a decision finalized unanswered is a "use".
            let policyDecision = decision.cast(to: WebKitPolicyDecision.self)
            if policy == .allow && !isClosed {
                webkit_policy_decision_use(policyDecision)
            } else {
                webkit_policy_decision_ignore(policyDecision)
            }
        }
    }
}
