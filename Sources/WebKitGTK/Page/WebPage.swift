internal import CWebKitGTK
import Foundation
import GLibBridge
import Observation

/// A web page: loads content, reports its state, and runs without any window.
///
/// `WebPage` is the model of Apple's "WebKit for SwiftUI" over WebKitGTK: an observable
/// object whose properties follow the engine, whose loads return an async sequence of
/// navigation events, and which a ``WebView`` shows. A page that no view shows still
/// loads, lays out and runs script, in an offscreen 1024×768 window.
///
///     let page = WebPage()
///     for try await event in page.load(URL(string: "https://example.org")) {
///         print(event)  // startedProvisionalNavigation, committed, finished
///     }
///     print(page.title)
///
/// Every property is observable with Observation (`withObservationTracking`, or
/// `Observations { page.title }`). A page is closed with ``close()`` or when the last
/// reference goes; a closed page's loads throw ``NavigationError/pageClosed``.
///
/// Apple's `WebPage`, over WebKitGTK's `WebKitWebView`. It is main-actor isolated, and
/// needs GLib to own the main thread (see <doc:ThreadingAndTheMainLoop>).
@MainActor
@Observable
public final class WebPage {
    typealias NavigationEventContinuation = AsyncThrowingStream<NavigationEvent, any Error>.Continuation

    /// The settings the page was created with, as they were then.
    @ObservationIgnored public let configuration: Configuration

    @ObservationIgnored let view: GObjectReference
    @ObservationIgnored private var parking: GObjectReference?
    @ObservationIgnored private var connections: [SignalConnection] = []
    @ObservationIgnored let tracker = NavigationTracker()
    @ObservationIgnored private var updateObservers: [UInt64: AsyncStream<NavigationUpdate>.Continuation] = [:]
    @ObservationIgnored private var eventObservers: [UInt64: NavigationEventContinuation] = [:]
    @ObservationIgnored private var nextObserverID: UInt64 = 0
    @ObservationIgnored weak var hostingView: WebView?
    @ObservationIgnored var navigationDecider: any NavigationDeciding
    @ObservationIgnored var isDeciding = false
    @ObservationIgnored var decisionsWaiting: [CheckedContinuation<Void, Never>] = []
    @ObservationIgnored private var closeHandlers: [UInt64: @MainActor () -> Void] = [:]
    @ObservationIgnored let dialogPresenter: any DialogPresenting
    @ObservationIgnored var standardUserAgent = ""
    /// A URL the page loads for a decision already made; its own decision is not asked again.
    @ObservationIgnored var preapprovedURL: URL?
    @ObservationIgnored var httpsUpgrade: HTTPSUpgrade?
    @ObservationIgnored var offeredInsecureURL: URL?
    @ObservationIgnored var downloadLinkURL: URL?
    @ObservationIgnored var storedCustomUserAgent: String?
    /// The content mode the last allowed navigation asked for.
    @ObservationIgnored var contentMode = NavigationPreferences.ContentMode.recommended
    /// Installs the rule list of `loadsSubresources` = false; navigations wait for it.
    @ObservationIgnored var subresourceBlocking: Task<Void, Never>?
    @ObservationIgnored let userContent: PageUserContent
    @ObservationIgnored var reportedDocumentTitle: String?
    /// The URL of the document the page shows: the one last committed, followed through
    /// moves within it. Unlike ``url``, not the URL a navigation is still loading, while
    /// the document being left goes on running script.
    @ObservationIgnored var documentURL: URL?
    /// Watches a navigation the app asked for until the engine starts it (see
    /// `WebPage+NavigationWatch.swift`).
    @ObservationIgnored var navigationWatch: NavigationWatch?
    /// Whether the document holds a navigation the app asked for and does not answer.
    @ObservationIgnored var navigationHeld = false
    @ObservationIgnored var titleWait: (@MainActor () -> Void)?
    @ObservationIgnored var titleWaitTimer: Task<Void, Never>?

    /// Runs when something asks to close the page: a WebDriver client closing its window,
    /// or a script calling `window.close()` where WebKit lets it (a window a script opened,
    /// or a page whose history has a single entry). The app decides: it closes whatever
    /// shows the page (and calls ``close()``), or ignores the request; nil ignores it.
    /// Default: nil. An addition of this library, on WebKitGTK's `close` signal.
    @ObservationIgnored public var onCloseRequest: (@MainActor () -> Void)?

    /// The newest event of the newest navigation, failures included; nil before any load.
    ///
    /// Follow it with `Observations { page.currentNavigationEvent }` to see every
    /// navigation the page makes, including those it starts itself (links, forms, script).
    /// An addition of this library.
    public private(set) var currentNavigationEvent: NavigationUpdate?

    /// Whether ``close()`` was called. A closed page loads nothing. Observable.
    public private(set) var isClosed = false

    /// Where the page is scrolled and how big its content is, kept up to date as the page
    /// scrolls, resizes and navigates; nil before the first document reported. Observable.
    ///
    /// Reported at most once per animation frame from an isolated world, from the first
    /// time it is read (or a scroll-geometry observer is added) on: a page whose geometry
    /// nothing asks for spends nothing on it. The first read starts the reports and returns
    /// nil, or what was reported before; the document's geometry follows within a frame.
    /// An addition of this library, for pages no ``WebView`` shows; a view has
    /// ``WebView/webViewOnScrollGeometryChange(for:of:action:)``.
    public internal(set) var scrollGeometry: ScrollGeometry? {
        get {
            scrollGeometryWasRead = true
            access(keyPath: \.scrollGeometry)
            return currentScrollGeometry()
        }
        set {
            // Observation learns who follows the property in its getter; until the getter
            // ran, no one can, and a report, which may come on every frame, skips its
            // bookkeeping.
            if scrollGeometryWasRead {
                withMutation(keyPath: \.scrollGeometry) { reportedScrollGeometry = newValue }
            } else {
                reportedScrollGeometry = newValue
            }
        }
    }
    @ObservationIgnored var reportedScrollGeometry: ScrollGeometry?
    @ObservationIgnored private var scrollGeometryWasRead = false

    @ObservationIgnored var scrollObservers: [UInt64: (ScrollGeometry) -> Void] = [:]
    @ObservationIgnored var nextScrollObserverID: UInt64 = 0

    /// The page's downloads, oldest first: navigations and responses decided `.download`,
    /// and files a person saves with WebKit's own context-menu items. Observable. An
    /// addition of this library.
    ///
    /// A page cannot start one by itself. WebKitGTK downloads a link with the `download`
    /// attribute even when the decider allows its navigation, in any frame; such a download
    /// is cancelled before anything is written, and logged. To download such links, answer
    /// `.download` where ``NavigationAction/shouldPerformDownload`` says a link asks for it.
    public private(set) var downloads: [Download] = []

    // MARK: Fullscreen, media and security state (see WebPage+Fullscreen.swift,
    // WebPage+Media.swift, WebPage+MediaType.swift and WebPage+Security.swift)

    /// Whether an element of the page is fullscreen, or going in or out; see
    /// ``FullscreenState``. Default: ``FullscreenState/notInFullscreen``. Observable.
    public internal(set) var fullscreenState: FullscreenState = .notInFullscreen
    /// The CSS media type set with ``mediaType``.
    var mediaTypeOverride: CSSMediaType?
    /// Whether the committed document came over TLS and loaded nothing insecure since.
    var committedContentIsSecure = false
    @ObservationIgnored var isMediaPlaybackSuspended = false
    @ObservationIgnored var mutedBeforeSuspension = false

    /// How many downloads the decider asked for that have not started yet.
    @ObservationIgnored var downloadsAsked = 0
    /// When the view's context menu last closed: WebKit's own items save files from there.
    @ObservationIgnored var contextMenuClosed: ContinuousClock.Instant?
    /// Downloads cancelled because nobody asked for them, kept until the engine is done.
    @ObservationIgnored private var refusedDownloads: [ObjectIdentifier: Download] = [:]
    @ObservationIgnored private var refusedDownloadCount = 0

    func downloadStarted(_ download: OpaquePointer) {
        let fromMenu = contextMenuClosed.map { ContinuousClock.now - $0 < .seconds(2) } ?? false
        let asked = downloadsAsked > 0
        if asked { downloadsAsked -= 1 }
        guard asked || fromMenu else {
            let refused = Download(refusing: download)
            refusedDownloadCount += 1
            if refusedDownloadCount == 1 {
                Log.library.message(
                    "cancelled a download the page started by itself: \(refused.url?.absoluteString ?? "?")"
                        + "; more are cancelled silently")
            }
            let id = ObjectIdentifier(refused)
            refusedDownloads[id] = refused
            refused.onEnd = { [weak self] in self?.refusedDownloads[id] = nil }
            return
        }
        downloads.append(Download(download, directory: configuration.downloadsDirectory ?? defaultDownloadsDirectory()))
    }

    /// Creates a page.
    ///
    ///     let page = WebPage(configuration: configuration, navigationDecider: KeepInside())
    ///
    /// Apple's four initializers (`init(configuration:)`,
    /// `init(configuration:navigationDecider:)`, `init(configuration:dialogPresenter:)` and
    /// `init(configuration:navigationDecider:dialogPresenter:)`) are this one with its
    /// defaults. The page starts in an offscreen 1024×768 window until a ``WebView`` shows it.
    ///
    /// - Parameters:
    ///   - configuration: Its settings. Default: a new ``Configuration``.
    ///   - navigationDecider: Decides navigations and answers authentication. Default:
    ///     allow everything, and go on without credentials.
    ///   - dialogPresenter: Shows script dialogs and file pickers and answers permission
    ///     requests. Default: silent alerts, cancelled confirms, prompts and file inputs,
    ///     denied permissions.
    public init(
        configuration: Configuration = Configuration(),
        navigationDecider: (any NavigationDeciding)? = nil,
        dialogPresenter: (any DialogPresenting)? = nil
    ) {
        GTK.prepare()
        LiveObjects.created("WebPage")
        self.configuration = configuration
        self.navigationDecider = navigationDecider ?? DefaultNavigationDecider()
        self.dialogPresenter = dialogPresenter ?? DefaultDialogPresenter()
        let context = configuration.websiteDataStore.context
        userContent = PageUserContent(controller: configuration.userContentController)
        view = Self.makeEngineView(
            context: context, userContent: userContent.manager,
            controlledByAutomation: configuration.isControlledByAutomation)
        let settings = webkit_web_view_get_settings(webView)
        // Apple's defaults: history gestures on, element fullscreen off.
        webkit_settings_set_enable_back_forward_navigation_gestures(settings, 1)
        webkit_settings_set_enable_fullscreen(settings, 0)
        standardUserAgent = String(optionalCString: webkit_settings_get_user_agent(settings)) ?? ""
        WebKitFeatures.set("UpgradeKnownHostsToHTTPS", enabled: configuration.upgradeKnownHostsToHTTPS, in: settings!)
        WebKitFeatures.set(
            "SuppressesIncrementalRendering", enabled: configuration.suppressesIncrementalRendering, in: settings!)
        if !configuration.loadsSubresources { webkit_settings_set_auto_load_images(settings, 0) }
        park()
        connectSignals()
        userContent.attach(to: self)
        apply(configuration.defaultNavigationPreferences)
        if !configuration.loadsSubresources {
            subresourceBlocking = Task { @MainActor [weak self] in
                if let list = await SubresourceBlocking.ruleList() { self?.userContent.installOwn(list) }
                self?.subresourceBlocking = nil
            }
        }
        PageRouter.add(self)
        tracker.onUpdate = { [weak self] update in self?.publish(update) }
        tracker.scheduleFinish = { [weak self] settle in
            guard let self else { return settle() }
            settleWhenTitleIsFinal(settle)
        }
        tracker.onPending = { [weak self] in self?.watchNavigationStart() }
        tracker.onAbandon = { [weak self] in
            guard let self else { return }
            webkit_web_view_stop_loading(webView)
        }
    }

    isolated deinit {
        if !isClosed { tearDown() }
        LiveObjects.destroyed("WebPage")
    }

    /// Closes the page: stops loading, ends every navigation sequence with
    /// ``NavigationError/pageClosed``, ends ``navigations``, and frees the engine's page.
    /// Idempotent.
    ///
    /// A ``WebWindow`` showing the page closes with it. An addition of this library; the
    /// engine's view goes with `gtk_widget_destroy`.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        tearDown()
    }

    /// Runs `body` when the page closes, unless the returned cancellation runs first: for
    /// waits on the engine that would otherwise outlive the page.
    func whenClosed(_ body: @escaping @MainActor () -> Void) -> @MainActor () -> Void {
        let id = nextObserverID
        nextObserverID += 1
        closeHandlers[id] = body
        return { [weak self] in self?.closeHandlers[id] = nil }
    }

    private func tearDown() {
        navigationWatch?.cancel()
        PageRouter.remove(self)
        let handlers = closeHandlers
        closeHandlers.removeAll()
        for handler in handlers.values { handler() }
        // Questions waiting for the decider go on; their answers are ignored on a closed page.
        let waiting = decisionsWaiting
        decisionsWaiting.removeAll()
        for waiter in waiting { waiter.resume() }
        tracker.close()
        for observer in updateObservers.values { observer.finish() }
        updateObservers.removeAll()
        finishEventObservers(throwing: nil)
        for connection in connections { connection.disconnect() }
        connections.removeAll()
        webkit_web_view_stop_loading(webView)
        hostingView?.pageDidClose()
        if let parking {
            gtk_widget_destroy(parking.cast(to: GtkWidget.self))
            self.parking = nil
        }
        gtk_widget_destroy(widget)
    }

    /// A sequence of the events of every navigation the page makes from now on, by the app
    /// or by the page itself (links, forms, script).
    ///
    ///     for try await event in page.navigations {
    ///         if event == .finished { print("shown:", page.title) }
    ///     }
    ///
    /// A navigation's events run from ``NavigationEvent/startedProvisionalNavigation`` to
    /// ``NavigationEvent/finished``. Each access makes a new sequence, which sees events
    /// from then on. It is indefinite, but ends: by throwing the error of the first
    /// navigation that fails (``NavigationError/failedProvisionalNavigation(_:)`` before
    /// commit, the engine's error after it, ``NavigationError/webContentProcessTerminated``),
    /// when the page closes, or when the task iterating it is cancelled. A navigation that
    /// is superseded or stopped is not a failure. To follow one load, iterate what that
    /// load returns; for every navigation's identity and cause, see ``navigationUpdates``.
    /// Apple's `WebPage.navigations`.
    public var navigations: some AsyncSequence<NavigationEvent, any Error> & Sendable {
        let (stream, continuation) = AsyncThrowingStream<NavigationEvent, any Error>.makeStream()
        guard !isClosed else {
            continuation.finish()
            return ImmediateStream(base: stream)
        }
        let id = nextObserverID
        nextObserverID += 1
        eventObservers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.eventObservers[id] = nil }
        }
        return ImmediateStream(base: stream)
    }

    /// An indefinite sequence of every event of every navigation from now on, failures
    /// included, each with its navigation's identity and cause. Each access makes a new
    /// sequence; it ends when the page closes. Unlike ``navigations`` it goes on after a
    /// failure. An addition of this library.
    ///
    ///     for await update in page.navigationUpdates where update.cause == .page {
    ///         print("the page navigated itself:", update.kind)
    ///     }
    public var navigationUpdates: some AsyncSequence<NavigationUpdate, Never> & Sendable {
        let (stream, continuation) = AsyncStream<NavigationUpdate>.makeStream()
        guard !isClosed else {
            continuation.finish()
            return ImmediateStream(base: stream)
        }
        let id = nextObserverID
        nextObserverID += 1
        updateObservers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.updateObservers[id] = nil }
        }
        return ImmediateStream(base: stream)
    }

    private func publish(_ update: NavigationUpdate) {
        currentNavigationEvent = update
        for observer in updateObservers.values { observer.yield(update) }
        switch update.kind {
        case .failedProvisionalNavigation(let error):
            finishEventObservers(throwing: NavigationError.failedProvisionalNavigation(error))
        case .failed(let error):
            finishEventObservers(throwing: error)
        default:
            if let event = update.event { for observer in eventObservers.values { observer.yield(event) } }
        }
    }

    func finishEventObservers(throwing error: (any Error)?) {
        let observers = eventObservers
        eventObservers.removeAll()
        for observer in observers.values { observer.finish(throwing: error) }
    }

    // MARK: Engine access

    /// A new `WebKitWebView` with its construct-only properties: its web context, its user
    /// content manager, and whether automation controls it.
    private static func makeEngineView(
        context: GObjectReference, userContent: GObjectReference, controlledByAutomation: Bool
    ) -> GObjectReference {
        let names: [StaticString] = ["web-context", "user-content-manager", "is-controlled-by-automation"]
        var values = [GValue(), GValue(), GValue()]
        for (index, object) in [context, userContent].enumerated() {
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
        return GObjectReference(sinking: OpaquePointer(object!))
    }

    var webView: UnsafeMutablePointer<WebKitWebView> { view.cast() }
    var widget: UnsafeMutablePointer<GtkWidget> { view.cast() }

    /// Puts the engine's view in an offscreen window, where it lays out and paints at
    /// 1024×768 as if shown.
    func park() {
        let window = GObjectReference(sinking: OpaquePointer(gtk_offscreen_window_new()!))
        LiveObjects.track(window.pointer)
        gtk_widget_set_size_request(widget, 1024, 768)
        gtk_container_add(window.cast(), widget)
        gtk_widget_show_all(window.cast())
        parking = window
    }

    /// Moves the engine's view out of its offscreen window into `container`.
    func unpark(into container: UnsafeMutablePointer<GtkBox>) {
        if let parking {
            gtk_container_remove(parking.cast(), widget)
            gtk_widget_destroy(parking.cast(to: GtkWidget.self))
            self.parking = nil
        }
        gtk_widget_set_size_request(widget, -1, -1)
        gtk_box_pack_start(container, widget, cwk_true, cwk_true, 0)
        gtk_widget_show(widget)
    }

    /// Takes the engine's view back from a view that no longer shows it.
    func reclaim(from container: UnsafeMutablePointer<GtkBox>) {
        guard !isClosed else { return }
        gtk_container_remove(UnsafeMutablePointer<GtkContainer>(OpaquePointer(container)), widget)
        park()
    }

    /// Runs `body` now, or, while the page's own content rules are still being installed,
    /// once they are: for loads that the engine starts without a policy decision.
    func whenConfigured(_ body: @escaping @MainActor () -> Void) {
        guard let blocking = subresourceBlocking else { return body() }
        Task { @MainActor in
            await blocking.value
            if !isClosed { body() }
        }
    }

    /// The engine's `WebKitWebView`, for tests that check its lifetime.
    package var engineObjectForTesting: OpaquePointer { view.pointer }

    // MARK: Signals

    /// Connects `handler` to a signal of the engine's view for the page's lifetime.
    func onSignal(_ name: String, _ handler: @escaping @MainActor (WebPage, SignalArguments) -> Bool?) {
        connections.append(
            view.connect(name) { [weak self] arguments in
                guard let self else { return nil }
                return handler(self, arguments)
            })
    }

    private func connectSignals() {
        let on = onSignal
        func notify(_ property: String, _ keyPaths: [PartialKeyPath<WebPage>]) {
            on("notify::\(property)") { page, _ in
                page.notifyChanged(keyPaths)
                return nil
            }
        }
        on("notify::title") { page, _ in
            page.notifyChanged([\.title])
            page.releaseTitleWait()
            return nil
        }
        on("notify::uri") { page, _ in
            page.notifyChanged([\.url])
            page.followDocumentURL(String(optionalCString: webkit_web_view_get_uri(page.webView)))
            page.tracker.urlChanged(to: String(optionalCString: webkit_web_view_get_uri(page.webView)))
            return nil
        }
        notify("estimated-load-progress", [\.estimatedProgress])
        notify("is-loading", [\.isLoading])
        notify("theme-color", [\.themeColor])
        notify("is-web-process-responsive", [\.isWebContentProcessResponsive])
        on("load-changed") { page, arguments in
            page.loadChanged(WebKitLoadEvent(UInt32(bitPattern: arguments.enumValue(1))))
            return nil
        }
        on("load-failed") { page, arguments in
            page.loadFailed(
                event: WebKitLoadEvent(UInt32(bitPattern: arguments.enumValue(1))), uri: arguments.string(2),
                error: arguments.pointer(3))
            return true  // no built-in error page
        }
        on("web-process-terminated") { page, _ in
            page.endNavigationWatch()
            page.fullscreenState = .notInFullscreen
            page.tracker.processTerminated()
            // Every `navigations` sequence ends with it, as on Apple's platforms, whether or
            // not a navigation was under way.
            page.finishEventObservers(throwing: NavigationError.webContentProcessTerminated)
            return nil
        }
        on("close") { page, _ in
            page.onCloseRequest?()
            return nil
        }
        on("context-menu-dismissed") { page, _ in
            page.contextMenuClosed = ContinuousClock.now
            return nil
        }
        connectDecisionSignals()
        connectFullscreenSignals()
        connectMediaCaptureSignals()
        connectSecuritySignals()
        let list = GObjectReference(retaining: OpaquePointer(webkit_web_view_get_back_forward_list(webView)!))
        connections.append(
            list.connect("changed") { [weak self] _ in
                self?.notifyChanged([\.backForwardList, \.canGoBack, \.canGoForward])
                return nil
            })
    }

    private func notifyChanged(_ keyPaths: [PartialKeyPath<WebPage>]) {
        for keyPath in keyPaths {
            switch keyPath {
            case \WebPage.title: withMutation(keyPath: \.title) {}
            case \WebPage.url: withMutation(keyPath: \.url) {}
            case \WebPage.estimatedProgress: withMutation(keyPath: \.estimatedProgress) {}
            case \WebPage.isLoading: withMutation(keyPath: \.isLoading) {}
            case \WebPage.themeColor: withMutation(keyPath: \.themeColor) {}
            case \WebPage.isWebContentProcessResponsive: withMutation(keyPath: \.isWebContentProcessResponsive) {}
            case \WebPage.backForwardList: withMutation(keyPath: \.backForwardList) {}
            case \WebPage.canGoBack: withMutation(keyPath: \.canGoBack) {}
            case \WebPage.canGoForward: withMutation(keyPath: \.canGoForward) {}
            default: break
            }
        }
    }

    private func loadChanged(_ event: WebKitLoadEvent) {
        let uri = String(optionalCString: webkit_web_view_get_uri(webView))
        switch event {
        case WEBKIT_LOAD_STARTED:
            endNavigationWatch()
            navigationStarted()
            if let upgrade = httpsUpgrade, !upgrade.isSecureLoad(uri) { httpsUpgrade = nil }  // superseded
            tracker.started(url: uri)
        case WEBKIT_LOAD_REDIRECTED: tracker.redirected(url: uri)
        case WEBKIT_LOAD_COMMITTED:
            documentURL = uri.flatMap { URL(string: $0) }
            httpsUpgrade = nil
            securityCommitted()
            tracker.committed(url: uri)
        case WEBKIT_LOAD_FINISHED: tracker.finished()
        default: break
        }
    }

    /// Follows a move within the document (a fragment, `history.pushState`): a new URL of
    /// the same origin. A URL of another origin is a navigation still loading.
    private func followDocumentURL(_ uri: String?) {
        guard let current = documentURL, let moved = uri.flatMap({ URL(string: $0) }),
            WKScriptMessage.origin(of: moved) == WKScriptMessage.origin(of: current)
        else { return }
        documentURL = moved
    }

    private func loadFailed(event: WebKitLoadEvent, uri: String?, error: OpaquePointer?) {
        let failure =
            error.map { GLibError(copying: UnsafePointer<GError>($0)) }
            ?? GLibError(domain: "WebKitNetworkError", code: 0, message: "The load failed")
        let cancelled = failure.matches(
            webkit_network_error_quark(), code: Int32(WEBKIT_NETWORK_ERROR_CANCELLED.rawValue))
        navigationFailed(
            url: uri, beforeCommit: event != WEBKIT_LOAD_COMMITTED, isCancellation: cancelled, error: failure)
    }
}

extension WebPage {
    /// Runs `body` as an async function in the page and returns its result as JSON text
    /// (nil for undefined). For tests that want the engine's own serialisation.
    package func evaluateForTesting(_ body: String) async throws -> String? {
        try await evaluateRaw(body, world: nil)
    }
}
