internal import CWebKitGTK
import Foundation
import GLibBridge
import GTK
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

    /// The engine's view, its signal connections, and where it is shown (see `EngineView.swift`).
    @ObservationIgnored let engine: EngineView
    @ObservationIgnored let tracker = NavigationTracker()
    @ObservationIgnored let dialogPresenter: any DialogPresenting
    @ObservationIgnored let userContent: PageUserContent
    /// Installs the rule list of `loadsSubresources` = false; navigations wait for it.
    @ObservationIgnored var subresourceBlocking: Task<Void, Never>?
    /// Runs when the page closes (see ``whenClosed(_:)``).
    @ObservationIgnored private let closeHandlers = ObserverRegistry<@MainActor () -> Void>()

    // The state of each feature, declared in the feature's file.
    @ObservationIgnored var navigationObservers = NavigationObservers()
    @ObservationIgnored var deciderQueue: DeciderQueue
    @ObservationIgnored var navigationWatch = NavigationWatch()
    @ObservationIgnored var titleSettling = TitleSettling()
    @ObservationIgnored var httpsUpgrading = HTTPSUpgrading()
    @ObservationIgnored var shownDocument = ShownDocument()
    @ObservationIgnored var userAgent = UserAgentChoice()
    @ObservationIgnored var downloading = Downloads()
    @ObservationIgnored var media = MediaState()
    @ObservationIgnored var scrollReports = ScrollReports()

    /// Runs when something asks to close the page: a WebDriver client closing its window,
    /// or a script calling `window.close()` where WebKit lets it (a window a script opened,
    /// or a page whose history has a single entry). The app decides: it closes whatever
    /// shows the page (and calls ``close()``), or ignores the request; nil ignores it.
    /// Default: nil. An addition of this library, on WebKitGTK's `close` signal.
    @ObservationIgnored public var onCloseRequest: (@MainActor () -> Void)?

    /// Whether ``close()`` was called. A closed page loads nothing. Observable.
    public private(set) var isClosed = false

    /// Whether an element of the page is fullscreen, or going in or out; see
    /// ``FullscreenState``. Default: ``FullscreenState/notInFullscreen``. Observable.
    public internal(set) var fullscreenState: FullscreenState = .notInFullscreen

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
        Gtk.prepare()
        LiveObjects.created("WebPage")
        self.configuration = configuration
        deciderQueue = DeciderQueue(navigationDecider ?? DefaultNavigationDecider())
        self.dialogPresenter = dialogPresenter ?? DefaultDialogPresenter()
        let context = configuration.websiteDataStore.context
        userContent = PageUserContent(controller: configuration.userContentController)
        engine = EngineView.make(
            context: context, userContent: userContent.manager,
            controlledByAutomation: configuration.isControlledByAutomation)
        let settings = webkit_web_view_get_settings(webView)
        // Apple's defaults: history gestures on, element fullscreen off.
        webkit_settings_set_enable_back_forward_navigation_gestures(settings, 1)
        webkit_settings_set_enable_fullscreen(settings, 0)
        userAgent.standard = String(optionalCString: webkit_settings_get_user_agent(settings)) ?? ""
        WebKitFeatures.set("UpgradeKnownHostsToHTTPS", enabled: configuration.upgradeKnownHostsToHTTPS, in: settings!)
        WebKitFeatures.set(
            "SuppressesIncrementalRendering", enabled: configuration.suppressesIncrementalRendering, in: settings!)
        if !configuration.loadsSubresources { webkit_settings_set_auto_load_images(settings, 0) }
        engine.park()
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
        let handlers = closeHandlers
        let id = handlers.add(body)
        return { [weak handlers] in handlers?.remove(id) }
    }

    private func tearDown() {
        navigationWatch.current?.cancel()
        PageRouter.remove(self)
        for handler in closeHandlers.removeAll() { handler() }
        // Questions waiting for the decider go on; their answers are ignored on a closed page.
        let waiting = deciderQueue.waiting
        deciderQueue.waiting.removeAll()
        for waiter in waiting { waiter.resume() }
        tracker.close()
        finishUpdateObservers()
        finishEventObservers(throwing: nil)
        engine.disconnect()
        webkit_web_view_stop_loading(webView)
        hostingView?.pageDidClose()
        engine.destroy()
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

    // MARK: Signals

    /// Connects `handler` to a signal of the engine's view for the page's lifetime.
    func onSignal(_ name: String, _ handler: @escaping @MainActor (WebPage, SignalArguments) -> Bool?) {
        engine.connections.append(
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
            page.navigationObservers.terminations.forEach { $0() }
            // Every `navigations` sequence ends with it, as on Apple's platforms, whether or
            // not a navigation was under way.
            page.finishEventObservers(throwing: NavigationError.webContentProcessTerminated)
            return nil
        }
        on("close") { page, _ in
            page.onCloseRequest?()
            return nil
        }
        connectDownloadSignals()
        connectDecisionSignals()
        connectFullscreenSignals()
        connectMediaCaptureSignals()
        connectSecuritySignals()
        let list = GObjectReference(retaining: OpaquePointer(webkit_web_view_get_back_forward_list(webView)!))
        engine.connections.append(
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
            if let upgrade = httpsUpgrading.current, !upgrade.isSecureLoad(uri) {
                httpsUpgrading.current = nil  // superseded
            }
            tracker.started(url: uri)
        case WEBKIT_LOAD_REDIRECTED: tracker.redirected(url: uri)
        case WEBKIT_LOAD_COMMITTED:
            documentCommitted(uri)
            httpsUpgrading.current = nil
            securityCommitted()
            if let refused = loadRefusedForItsPort(committing: uri) {
                // The engine put an empty document in place of the load: not a success.
                navigationFailed(
                    url: refused, beforeCommit: true, isCancellation: false, error: RestrictedPort.refusal(of: refused))
                return
            }
            tracker.committed(url: uri)
        case WEBKIT_LOAD_FINISHED: tracker.finished()
        default: break
        }
    }

    /// The URL of the active navigation when committing `uri` is the engine refusing it for
    /// its restricted port, which WebKitGTK reports by committing `about:blank` instead.
    private func loadRefusedForItsPort(committing uri: String?) -> String? {
        guard uri == "about:blank", let active = tracker.active, !active.committed,
            !active.urls.contains("about:blank")
        else { return nil }
        return active.urls.sorted().first(where: RestrictedPort.isRestricted)
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
