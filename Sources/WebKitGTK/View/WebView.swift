internal import CWebKitGTK
import Foundation
import GLibBridge
import GTK

/// A GTK widget that shows one ``WebPage``.
///
///     let page = WebPage()
///     let view = WebView(page)
///     page.load(URL(string: "lakes://articles/tahoe"))
///
/// A page is shown by at most one view at a time; when the view goes away the page
/// keeps running offscreen. Show the view in a ``WebWindow``, or add its ``gtkWidget`` to
/// any GTK 3 container of the app's own.
///
/// Apple's `WebView` is a SwiftUI view; there is no SwiftUI on Linux, so this one is a
/// class that holds GTK widgets (a `GtkBox` with a find bar and the page's
/// `WebKitWebView`), and Apple's view modifiers are its chainable methods.
@MainActor
public final class WebView {
    /// The page this view shows.
    public let page: WebPage
    /// The box the view shows: the find bar, once made, above the engine's view.
    let container = Gtk.Box(.vertical)
    private var destroyConnection: SignalConnection?
    private var isShowingPage = false
    /// Find in page: its bar sits above the page. See ``findNavigator(isPresented:)`` for
    /// SwiftUI's modifier.
    public let findNavigator: FindNavigator

    /// Builds the context menu (``webViewContextMenu(menu:)``); nil for WebKit's own.
    var contextMenuBuilder: (@MainActor (ActivatedElementInfo) -> ContextMenuContent)?
    var menuActions: [GObjectReference] = []
    var menuConnections: [SignalConnection] = []
    private var contextMenuConnection: SignalConnection?
    var magnificationGestures = MagnificationGesturesBehavior.automatic
    var pinchFilter: SignalConnection?
    var scrollPositionFollower: ScrollPositionFollower?
    var scrollGeometryObservations: [ScrollObservation] = []

    /// Shows `page`.
    ///
    /// The page leaves its offscreen window for this view, and every modifier starts at its
    /// default, as a new Apple `WebView` does.
    ///
    /// - Parameter page: The page to show.
    /// - Precondition: no other ``WebView`` shows the page, and it is not closed.
    public init(_ page: WebPage) {
        precondition(page.hostingView == nil, "this WebPage is already shown by another WebView")
        precondition(!page.isClosed, "this WebPage is closed")
        self.page = page
        LiveObjects.track(container.reference.pointer)
        LiveObjects.created("WebView")
        findNavigator = FindNavigator(page: page)
        findNavigator.makeBar = { [weak container] navigator in
            guard let container else { return nil }
            let bar = FindBar(navigator: navigator)
            container.packStart(bar.searchBar, fill: false)
            container.reorder(bar.searchBar, to: 0)  // above the page
            return bar
        }
        page.hostingView = self
        isShowingPage = true
        page.unpark(into: container)
        contextMenuConnection = connectContextMenu()
        applyDefaultModifiers()
        // When GTK destroys the window around the view, give the page back its offscreen
        // window first, so the page outlives the widget tree as it outlives this view.
        destroyConnection = container.reference.connect("destroy") { [weak self] _ in
            self?.release()
            return nil
        }
    }

    /// Makes a new page, shows it, and loads `url` in it.
    ///
    ///     let view = WebView(url: URL(string: "https://example.org"))
    ///
    /// - Parameter url: The URL to load; nil, or a relative URL, loads nothing.
    public convenience init(url: URL?) {
        self.init(WebPage())
        page.load(url)
    }

    isolated deinit {
        release()
        LiveObjects.destroyed("WebView")
    }

    /// The view's `GtkWidget*`, to add to a GTK 3 container of the app's own.
    ///
    ///     gtk_box_pack_start(box, UnsafeMutablePointer(view.gtkWidget), 1, 1, 0)
    ///
    /// It is a `GtkBox` holding the engine's `WebKitWebView`, and above it the find bar from
    /// the first time the bar is presented. The view owns it and keeps a reference for as
    /// long as the view lives; a container it is added to takes its own, so removing it from
    /// one container (`gtk_container_remove`) and adding it to another moves the page there.
    /// It is in at most one container at a time.
    ///
    /// When GTK destroys it, as it does with the window around it (`gtk_widget_destroy`),
    /// the page goes back offscreen and keeps running; the view then shows nothing again,
    /// and a new ``WebView`` can show the page.
    public var gtkWidget: OpaquePointer { container.reference.pointer }

    /// Gives the page back its offscreen window, once.
    ///
    /// Whether this view still shows the page is its own flag: during `deinit` the page's
    /// weak `hostingView` already reads nil, and the engine's view must still leave the
    /// container before the container goes (GTK destroys a finalized container's children).
    private func release() {
        guard isShowingPage else { return }
        isShowingPage = false
        stopFollowingScrolling()
        setMagnificationGestures(.automatic)  // the filter on the page's engine goes with the view
        if page.hostingView === self || page.hostingView == nil { page.hostingView = nil }
        page.reclaim(from: container)
    }

    /// The page closed: its engine view is gone, nothing to give back.
    func pageDidClose() {
        destroyConnection?.disconnect()
    }
}
