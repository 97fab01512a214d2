internal import CWebKitGTK
import GLibBridge
import GTK

/// The engine's `WebKitWebView` of a page, and where it lives: in an offscreen window of
/// its own ("parked"), or in the ``WebView`` that shows it.
///
/// A page that no view shows still lays out, paints and runs script, so its engine view
/// waits in a `GtkOffscreenWindow` the size of a common screen until a view takes it.
@MainActor
final class EngineView {
    let view: GObjectReference
    /// The offscreen window the engine view is in while no view shows it.
    private var parking: Gtk.OffscreenWindow?
    /// The view showing the page, if one does.
    weak var host: WebView?
    /// The page's connections to the engine's signals, for the page's lifetime.
    var connections: [SignalConnection] = []

    /// The engine's view as a widget of the GTK layer, to place, park and destroy it.
    let widget: Gtk.Widget

    /// The engine's view this one was made related to (see ``relating(to:_:)``), if any.
    private(set) weak var opener: GObjectReference?
    /// Answers new-window requests in place of the page's own handlers, when set (see
    /// `NewWindows.swift`); nil leaves them to the page.
    var newWindows: NewWindowRoute?

    init(_ view: GObjectReference, opener: GObjectReference? = nil) {
        self.view = view
        self.opener = opener
        widget = Gtk.Widget(borrowing: view.pointer)
        connectNewWindowRoute()
    }

    /// The view the next engine view is made related to, while ``relating(to:_:)`` runs.
    private static var nextOpener: GObjectReference?

    /// Runs `body`, in which the engine view made next is related to `opener`: made with
    /// WebKitGTK's `related-view`, in the opener's web process, as the answer to the opener's
    /// `create` signal must be.
    static func relating<Result>(to opener: GObjectReference, _ body: () -> Result) -> Result {
        let outer = nextOpener
        nextOpener = opener
        defer { nextOpener = outer }
        return body()
    }

    /// A new `WebKitWebView` with its construct-only properties: its web context, its user
    /// content manager, whether automation controls it, and, inside ``relating(to:_:)``,
    /// the view that opened it.
    static func make(
        context: GObjectReference, userContent: GObjectReference, controlledByAutomation: Bool
    ) -> EngineView {
        let opener = nextOpener
        nextOpener = nil
        // A related view takes its opener's web context: WebKit refuses another.
        let first: (name: StaticString, object: GObjectReference) =
            opener.map { ("related-view", $0) } ?? ("web-context", context)
        let names: [StaticString] = [first.name, "user-content-manager", "is-controlled-by-automation"]
        var values = [GValue(), GValue(), GValue()]
        for (index, object) in [first.object, userContent].enumerated() {
            g_value_init(&values[index], cwk_type_object())
            g_value_set_object(&values[index], UnsafeMutableRawPointer(object.pointer))
        }
        g_value_init(&values[2], cwk_type_boolean())
        g_value_set_boolean(&values[2], controlledByAutomation ? cwk_true : cwk_false)
        defer { for index in values.indices { g_value_unset(&values[index]) } }
        let namePointers = names.map { UnsafePointer<CChar>(OpaquePointer($0.utf8Start)) as UnsafePointer<CChar>? }
        let object = namePointers.withUnsafeBufferPointer { nameBuffer in
            values.withUnsafeBufferPointer { valueBuffer in
                g_object_new_with_properties(
                    webkit_web_view_get_type(), guint(names.count),
                    UnsafeMutablePointer(mutating: nameBuffer.baseAddress),
                    valueBuffer.baseAddress)
            }
        }
        LiveObjects.track(OpaquePointer(object!))
        return EngineView(GObjectReference(sinking: OpaquePointer(object!)), opener: opener)
    }

    /// Puts the engine's view in an offscreen window, where it lays out and paints at
    /// 1024×768 as if shown.
    func park() {
        let window = Gtk.OffscreenWindow()
        LiveObjects.track(window.reference.pointer)
        widget.requestSize(width: 1024, height: 768)
        window.add(widget)
        window.showAll()
        parking = window
    }

    /// Moves the engine's view out of its offscreen window into `container`.
    func unpark(into container: Gtk.Box) {
        if let parking {
            parking.remove(widget)
            parking.destroy()
            self.parking = nil
        }
        widget.requestSize()
        container.packStart(widget, expand: true)
        widget.show()
    }

    /// Takes the engine's view back from a view that no longer shows it, into an
    /// offscreen window.
    func reclaim(from container: Gtk.Box) {
        container.remove(widget)
        park()
    }

    /// Ends the page's signal connections.
    func disconnect() {
        for connection in connections { connection.disconnect() }
        connections.removeAll()
    }

    /// Destroys the offscreen window, if the engine's view is in one, and the engine's view.
    func destroy() {
        parking?.destroy()
        parking = nil
        widget.destroy()
    }
}

extension WebPage {
    var view: GObjectReference { engine.view }
    var webView: UnsafeMutablePointer<WebKitWebView> { engine.view.cast() }

    /// The view showing the page, if one does.
    var hostingView: WebView? {
        get { engine.host }
        set { engine.host = newValue }
    }

    /// Moves the engine's view out of its offscreen window into `container`.
    func unpark(into container: Gtk.Box) {
        engine.unpark(into: container)
    }

    /// Takes the engine's view back from a view that no longer shows it.
    func reclaim(from container: Gtk.Box) {
        guard !isClosed else { return }
        engine.reclaim(from: container)
    }

    /// The engine's `WebKitWebView`, for tests that check its lifetime.
    package var engineObjectForTesting: OpaquePointer { view.pointer }
}
