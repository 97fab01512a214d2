internal import CWebKitGTK
import Foundation
import GLibBridge
import GTK
import Observation

/// A window that shows one ``WebView``, titled after its page.
///
///     let window = WebWindow(application: app, appName: "Hello")
///     window.page.load(URL(string: "https://example.org"))
///     window.present()
///
/// The window's title is the page's ``WebPage/title``, or `appName` while the page has
/// none. A person closes it with its close button, the app with ``close()``; either way it
/// is destroyed and ``onClose`` runs. An open window keeps itself alive, as GTK's own
/// windows do, so the app need not hold it; a closed one lives on only while the app
/// holds it.
///
/// Closing the window does not close its page: the page goes back offscreen and lives on
/// while something holds it (``page`` included), and can be shown by a new ``WebView``.
/// Closing the page (``WebPage/close()``) closes the window too.
///
/// With an application the window is a `GtkApplicationWindow`
/// (`gtk_application_window_new`), and the application runs until its last window
/// closes; without one it is a plain `GtkWindow` (`gtk_window_new`), for a program that
/// runs GLib's main loop itself.
@MainActor
public final class WebWindow {
    /// The view the window shows.
    public let webView: WebView
    /// The page the window shows: ``webView``'s.
    public var page: WebPage { webView.page }
    /// The window's title while its page has none. Setting it retitles the window.
    public var appName: String {
        didSet { showTitle() }
    }
    /// Whether the window was closed (and destroyed). A closed window does not open again.
    public private(set) var isClosed = false
    /// Runs once, when the window closes: by its close button, ``close()``, or its page
    /// closing. Default: nil.
    public var onClose: (@MainActor () -> Void)?

    private let window: Gtk.Window
    private var connections: [SignalConnection] = []
    private var pageClosing: ObservationLoop<Bool>?
    /// The open windows, each kept alive until it closes.
    private static var open: [ObjectIdentifier: WebWindow] = [:]

    /// Makes a window that shows `webView`; it appears on ``present()``.
    ///
    /// - Parameters:
    ///   - webView: The view to show. It must be new to containers: not in another window
    ///     or container, and not destroyed with an earlier one.
    ///   - application: The application the window belongs to. Default: nil, none.
    ///   - appName: The title while the page has none. Default: nil, the application's
    ///     ``WebApplication/name``, or the program's name (`g_get_application_name`).
    ///   - width: The window's initial width in pixels, at least 1. Default: 1024.
    ///   - height: The window's initial height in pixels, at least 1. Default: 768.
    /// - Precondition: `webView` is not in a container and was not destroyed, and
    ///   `application`, if given, is running (make its windows in ``WebApplication/run(_:)``'s
    ///   closure or later).
    public init(
        _ webView: WebView, application: WebApplication? = nil, appName: String? = nil, width: Int = 1024,
        height: Int = 768
    ) {
        precondition(!webView.container.hasParent, "this WebView is already in a window or container")
        precondition(
            webView.page.hostingView === webView, "this WebView was destroyed with its window: make a new one")
        if let application {
            precondition(
                application.gtkApplication.isRegistered,
                "a WebWindow of a WebApplication is made once it runs: in run(_:)'s closure or later")
        }
        self.webView = webView
        self.appName = appName ?? application?.name ?? Gtk.Application.name ?? ""
        window = application.map { Gtk.Window(application: $0.gtkApplication) } ?? Gtk.Window()
        LiveObjects.track(window.reference.pointer)
        LiveObjects.created("WebWindow")
        window.setDefaultSize(width: max(1, width), height: max(1, height))
        window.add(webView.container)
        Self.open[ObjectIdentifier(self)] = self
        connections.append(
            window.reference.connect("destroy") { [weak self] _ in
                self?.didClose()
                return nil
            })
        connections.append(
            webView.page.view.connect("notify::title") { [weak self] _ in
                self?.showTitle()
                return nil
            })
        showTitle()
        // Closes the window once its page closes (after the page has let go of its engine).
        pageClosing = ObservationLoop(read: { [page = webView.page] in page.isClosed }) { [weak self] closed in
            if closed, let self, !isClosed { close() }
        }
    }

    isolated deinit {
        LiveObjects.destroyed("WebWindow")
    }

    /// Makes a window that shows `page` in a new ``WebView``; it appears on ``present()``.
    ///
    /// - Parameters:
    ///   - page: The page to show. Default: a new ``WebPage``.
    ///   - application: The application the window belongs to. Default: nil, none.
    ///   - appName: The title while the page has none. Default: nil, the application's
    ///     ``WebApplication/name``, or the program's name.
    ///   - width: The window's initial width in pixels, at least 1. Default: 1024.
    ///   - height: The window's initial height in pixels, at least 1. Default: 768.
    /// - Precondition: no other ``WebView`` shows the page, it is not closed, and
    ///   `application`, if given, is running.
    public convenience init(
        page: WebPage = WebPage(), application: WebApplication? = nil, appName: String? = nil, width: Int = 1024,
        height: Int = 768
    ) {
        self.init(WebView(page), application: application, appName: appName, width: width, height: height)
    }

    /// The window's title as shown: the page's, or ``appName`` (`gtk_window_get_title`).
    public var title: String { window.title }

    /// The window's `GtkWindow*` (a `GtkApplicationWindow*` with an application), for the
    /// app's own GTK calls, such as giving it a header bar.
    ///
    ///     gtk_window_set_titlebar(UnsafeMutablePointer(window.gtkWindow), headerBar)
    ///
    /// The window owns it and keeps a reference for as long as the window object lives;
    /// after ``isClosed`` it is destroyed and must not be shown again. Destroying it
    /// (`gtk_widget_destroy`) is the same as ``close()``.
    public var gtkWindow: OpaquePointer { window.reference.pointer }

    /// Shows the window and brings it to the front (`gtk_widget_show_all`,
    /// `gtk_window_present`). Does nothing once the window is closed.
    public func present() {
        guard !isClosed else { return }
        window.showAll()
        window.present()
    }

    /// Closes and destroys the window now, as its close button does (`gtk_widget_destroy`).
    /// ``onClose`` runs before this returns. Does nothing once the window is closed.
    public func close() {
        guard !isClosed else { return }
        window.destroy()
    }

    private func showTitle() {
        guard !isClosed else { return }
        let pageTitle = page.isClosed ? "" : page.title
        window.title = pageTitle.isEmpty ? appName : pageTitle
    }

    /// GTK destroys the window: its close button, ``close()``, or its page closing.
    private func didClose() {
        guard !isClosed else { return }
        isClosed = true
        pageClosing?.stop()
        for connection in connections { connection.disconnect() }
        connections.removeAll()
        let onClose = onClose
        self.onClose = nil
        // The last reference may be this one: keep the window alive until the handler ends.
        withExtendedLifetime(Self.open.removeValue(forKey: ObjectIdentifier(self))) {
            onClose?()
        }
    }
}
