import Foundation
import GLibBridge
import GTK

/// A web view in the style of Apple's classic WebKit: `WKWebView`, with its configuration
/// and its delegates.
///
///     let configuration = WKWebViewConfiguration()
///     configuration.userContentController.add(formHandler, name: "form")
///     let webView = WKWebView(frame: .zero, configuration: configuration)
///     webView.navigationDelegate = coordinator
///     webView.load(URLRequest(url: URL(string: "https://example.org")!))
///     gtk_container_add(window, webView.gtkWidget)  // or a WebWindow, or any container
///
/// Code written against Apple's `WKWebView` compiles with `import WebKitGTK` in place of
/// `import WebKit`, and behaves as Apple documents where Linux gives it a meaning; a UIKit
/// or AppKit view hierarchy becomes a GTK one, through ``gtkWidget``. Its properties are
/// observable with Observation, and Apple's key-path spelling,
/// `webView.observe(\.estimatedProgress, options: [.new]) { webView, change in … }`, works
/// without Objective-C.
///
/// A `WKWebView` is the other face of the engine behind ``WebPage``: it shows a page made
/// with the same settings, and its delegates are that page's navigation decider and dialog
/// presenter, so both faces navigate, run script, answer schemes and ask dialogs the same
/// way.
@MainActor
open class WKWebView: NSObject {
    /// The page the web view shows.
    let page: WebPage
    /// The widget that shows it.
    let view: WebView
    /// The configuration as the web view was made with it.
    private let madeWith: WKWebViewConfiguration
    /// Where the delegates' adapters find the web view.
    let link: WebViewLink
    /// The navigations still under way, by the engine's identity, and the objects the
    /// delegates see for them.
    var openNavigations: [WebPage.NavigationID: WKNavigation] = [:]
    /// Those of them that have committed.
    var committedNavigations: Set<WebPage.NavigationID> = []
    /// Which gestures a person may use: none by default, as with Apple's.
    var gestures = (magnification: false, backForward: false)

    /// The web view's history.
    public let backForwardList: WKBackForwardList

    /// Follows the web view's navigations and decides their policy. Default: nil, every
    /// navigation allowed. The web view does not keep it.
    public weak var navigationDelegate: (any WKNavigationDelegate)?

    /// Shows the web view's script dialogs, file pickers and permission questions, and
    /// makes its new windows. Default: nil, Apple's defaults for each (see ``WKUIDelegate``).
    /// The web view does not keep it.
    public weak var uiDelegate: (any WKUIDelegate)?

    /// Makes a web view with a new default configuration, of no particular size.
    public override convenience init() {
        self.init(frame: .zero, configuration: WKWebViewConfiguration())
    }

    /// Makes a web view.
    ///
    ///     let webView = WKWebView(frame: CGRect(x: 0, y: 0, width: 800, height: 600), configuration: configuration)
    ///
    /// - Parameters:
    ///   - frame: The size the web view asks its GTK container for; a zero size asks for
    ///     none, and the container decides. The origin is the container's to choose.
    ///   - configuration: Its settings. The web view keeps a copy: later changes to
    ///     `configuration` do not reach it.
    public init(frame: CGRect, configuration: WKWebViewConfiguration) {
        let opener = Self.opener(for: configuration)
        let configuration = configuration.copy() as! WKWebViewConfiguration
        let link = WebViewLink()
        var settings = WebPage.Configuration(
            websiteDataStore: configuration.websiteDataStore,
            applicationNameForUserAgent: configuration.applicationNameForUserAgent,
            userContentController: configuration.userContentController)
        for (scheme, handler) in configuration.urlSchemeHandlers {
            guard let scheme = URLScheme(scheme) else { continue }
            settings.urlSchemeHandlers[scheme] = SchemeHandlerAdapter(handler: handler, link: link)
        }
        settings.defaultNavigationPreferences = configuration.defaultWebpagePreferences.navigationPreferences
        settings.upgradeKnownHostsToHTTPS = configuration.upgradeKnownHostsToHTTPS
        settings.suppressesIncrementalRendering = configuration.suppressesIncrementalRendering
        settings.isControlledByAutomation = configuration.isControlledByAutomation
        let dialogs = UIDelegateAdapter(link: link)
        settings.deviceSensorAuthorization = .init { await dialogs.decideSensor($0, frame: $1, origin: $2) }
        let makePage = {
            WebPage(
                configuration: settings, navigationDecider: NavigationDelegateAdapter(link: link),
                dialogPresenter: dialogs)
        }
        // The web view of a new window is the one the window's opener asked for.
        page = opener.map { $0.page.makeRelatedPage(makePage) } ?? makePage()
        view = WebView(page)
        backForwardList = WKBackForwardList(page)
        madeWith = configuration
        self.link = link
        super.init()
        link.webView = self
        page.routeNewWindows { [weak link] action in link?.webView?.openWindow(for: action) }
        page.onCloseRequest = { [weak link] in
            guard let webView = link?.webView else { return }
            webView.uiDelegate?.webViewDidClose(webView)
        }
        // Apple's defaults, where a WebView's are to allow them.
        view.webViewBackForwardNavigationGestures(.disabled)
        view.webViewMagnificationGestures(.disabled)
        if frame.width > 0 || frame.height > 0 {
            view.container.requestSize(width: Int(frame.width.rounded()), height: Int(frame.height.rounded()))
        }
        EngineSettings(page).mediaPlaybackRequiresUserGesture =
            !configuration.mediaTypesRequiringUserActionForPlayback.isEmpty
        apply(configuration.preferences)
        configuration.preferences.follow(self)
        followNavigations()
    }

    isolated deinit {
        page.close()
    }

    /// A copy of the configuration the web view was made with. Changing it changes
    /// nothing; the objects it holds (its preferences, user content controller and data
    /// store) are the web view's own, and changes to them do reach it.
    public var configuration: WKWebViewConfiguration {
        madeWith.copy() as! WKWebViewConfiguration
    }

    /// The web view as a GTK widget (a `GtkWidget *`), to add to a container of the app's.
    /// The web view keeps it; a container that takes it adds a reference of its own.
    public var gtkWidget: OpaquePointer { view.gtkWidget }

    /// Whether WebKit handles a URL scheme itself, so that no ``WKURLSchemeHandler`` can be
    /// registered for it: `http`, `https`, `file`, `data`, `about`, `blob` and the like.
    ///
    /// - Parameter urlScheme: The scheme's name, in any case.
    public class func handlesURLScheme(_ urlScheme: String) -> Bool {
        URLScheme.builtIn.contains(urlScheme.lowercased())
    }

    /// Applies the preferences to the engine: when the web view is made, and when they change.
    func apply(_ preferences: WKPreferences) {
        let engine = EngineSettings(page)
        engine.javaScriptCanOpenWindowsAutomatically = preferences.javaScriptCanOpenWindowsAutomatically
        engine.minimumFontSize = preferences.minimumFontSize
        engine.tabsToLinks = preferences.tabFocusesLinks
        view.webViewElementFullscreenBehavior(preferences.isElementFullscreenEnabled ? .enabled : .disabled)
        if preferences.isTextInteractionEnabled {
            view.webViewTextSelection(.enabled)
        } else {
            view.webViewTextSelection(.disabled)
        }
    }
}

/// The web view, as the adapters that stand between it and the page find it: weakly, so
/// that the page they belong to does not keep its web view.
@MainActor
final class WebViewLink {
    weak var webView: WKWebView?
}
