internal import CWebKitGTK
import Foundation
import GLibBridge
import Observation
import WebKitGTK

/// The main window: a header bar with navigation buttons and the page's title, a thin
/// progress bar while loading, and the page.
@MainActor
final class MainWindow {
    let page: WebPage
    let catalog: ArticleCatalog
    var onClose: () -> Void = {}
    private let decider: LakesNavigationDecider
    private let presenter: LakesDialogPresenter

    private let window: GObjectReference
    private let header: UnsafeMutablePointer<GtkHeaderBar>
    private let progress: UnsafeMutablePointer<GtkProgressBar>
    private let webView: WebView
    private let sidebar: ArticleSidebar
    private var reloadButton: UnsafeMutablePointer<GtkButton>?
    private var actions: [String: GObjectReference] = [:]
    private var connections: [SignalConnection] = []
    private var followers: [AnyObject] = []
    /// False once GTK has destroyed the window: its widgets are gone.
    private var isOpen = true

    /// A window over the bundled content; it shows nothing until ``open(_:)``.
    init(application: GObjectReference, services: AppServices) {
        let catalog = services.catalog
        let pageBox = WeakPageBox()
        var configuration = WebPage.Configuration(
            websiteDataStore: services.dataStore, applicationNameForUserAgent: "\(AppInfo.name)/\(AppInfo.version)")
        configuration.isControlledByAutomation = services.isAutomated
        if let contentDirectory = services.contentDirectory {
            configuration.urlSchemeHandlers[URLScheme(ArticleCatalog.scheme)!] = ArticleCatalog.handler(
                for: contentDirectory)
        }
        SightingForm.install(
            in: configuration.userContentController, store: services.sightings, catalog: catalog,
            page: { pageBox.page })  // the box holds the page weakly; the handler keeps the box
        let decider = LakesNavigationDecider(opener: services.opener)
        let presenter = LakesDialogPresenter()
        page = WebPage(configuration: configuration, navigationDecider: decider, dialogPresenter: presenter)
        decider.page = page
        pageBox.page = page
        self.decider = decider
        self.presenter = presenter
        self.catalog = catalog
        sidebar = ArticleSidebar(articles: catalog.articles)
        let window = gtk_application_window_new(application.cast())!
        self.window = GObjectReference(sinking: OpaquePointer(window))
        presenter.parent = self.window.cast()
        gtk_window_set_default_size(self.window.cast(), 1100, 760)
        gtk_window_set_icon_name(self.window.cast(), AppInfo.id)

        header = UnsafeMutablePointer(OpaquePointer(gtk_header_bar_new()!))
        gtk_header_bar_set_show_close_button(header, cwk_true)
        gtk_header_bar_set_title(header, AppInfo.name)
        gtk_window_set_titlebar(self.window.cast(), UnsafeMutablePointer(OpaquePointer(header)))

        progress = UnsafeMutablePointer(OpaquePointer(gtk_progress_bar_new()!))
        webView = WebView(page)

        buildHeaderBar(application: application)
        buildContent()
        // The sidebar works through the window's actions, as other clients of them do.
        sidebar.onActivate = { [weak self] article in self?.activateAction("article", article.slug) }
        sidebar.onActivateSection = { [weak self] section in self?.activateAction("section", section.id) }
        webView.webViewContextMenu { [weak self] element in
            if let self, let link = element.linkURL {
                linkMenu(for: link)
            } else {
                DefaultContextMenuItems()
            }
        }
        if services.isAutomated {
            // A WebDriver client closes windows; a page's script never closes Lakes.
            page.onCloseRequest = { [weak self] in
                guard let self else { return }
                gtk_widget_destroy(self.window.cast(to: GtkWidget.self))
            }
        }
        observePage()
        connections.append(
            self.window.connect("destroy") { [weak self] _ in
                self?.closed()
                return nil
            })
    }

    /// Links get Lakes' own menu: open web links in the browser, copy the address.
    @ContextMenuBuilder
    private func linkMenu(for link: URL) -> ContextMenuContent {
        let decision = LinkPolicy().decide(link, currentURL: page.url, isUserAction: true)
        if case .openExternally = decision {
            Button("Open Link in Browser") { [decider] in try? decider.opener.open(link) }
        } else if decision == .allowInApp {
            Button("Open Link") { [weak self] in self?.page.load(link) }
        }
        Button("Copy Link Address") {
            let clipboard = gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", cwk_false))
            gtk_clipboard_set_text(clipboard, link.absoluteString, -1)
        }
    }

    /// Asks where to save, then writes the page there as a paginated PDF (atomically).
    private func exportPDF() async {
        let name = (page.title.isEmpty ? "Lakes" : page.title) + ".pdf"
        guard let destination = await presenter.chooseSaveLocation(suggestedName: name) else { return }
        do {
            try await page.printedPDF().write(to: destination, options: .atomic)
        } catch {
            await presenter.handleJavaScriptAlert(
                message: "The PDF could not be saved: \(error)", initiatedBy: WebPage.FrameInfo(url: nil))
        }
    }

    /// Opens `url` in the window: the app's own navigation, allowed whatever its scheme.
    func open(_ url: URL) {
        decider.willLoad(url)
        page.load(url)
    }

    func present() {
        gtk_widget_show_all(window.cast())
        updateProgress()
        gtk_window_present(window.cast())
    }

    // MARK: Building

    private func buildHeaderBar(application: GObjectReference) {
        let navigation = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_style_context_add_class(gtk_widget_get_style_context(navigation), "linked")
        for (name, icon, tooltip) in [
            ("back", "go-previous-symbolic", "Back"), ("forward", "go-next-symbolic", "Forward"),
        ] {
            gtk_container_add(UnsafeMutablePointer(OpaquePointer(navigation)), button(name, icon, tooltip))
        }
        gtk_header_bar_pack_start(header, navigation)
        let reload = button("reload", "view-refresh-symbolic", "Reload")
        reloadButton = UnsafeMutablePointer(OpaquePointer(reload))
        gtk_header_bar_pack_start(header, reload)
        gtk_header_bar_pack_end(header, button("sighting", "document-edit-symbolic", "Log a Sighting"))
        gtk_header_bar_pack_end(header, button("find", "edit-find-symbolic", "Find in Page"))
        gtk_header_bar_pack_end(header, button("export-pdf", "document-save-as-symbolic", "Export as PDF"))

        addAction("back", accelerators: ["<Alt>Left", "Back"], application) { [weak self] in self?.page.goBack() }
        addAction("forward", accelerators: ["<Alt>Right", "Forward"], application) { [weak self] in
            self?.page.goForward()
        }
        addAction("find", state: g_variant_new_boolean(cwk_false), accelerators: ["<Control>f"], application) {
            [weak self] _ in
            guard let self else { return }
            webView.findNavigator.isPresented.toggle()
        }
        addAction("article", takesString: true, state: g_variant_new_string(""), accelerators: [], application) {
            [weak self] slug in
            guard let self, let slug, let article = catalog.article(slug: slug) else { return }
            open(article.url)
        }
        addAction("section", takesString: true, state: g_variant_new_string(""), accelerators: [], application) {
            [weak self] id in
            guard let self, let id, sidebar.sections.contains(where: { $0.id == id }) else { return }
            showCurrentSection(id)
            Task { @MainActor in try? await self.page.scroll(to: ScrollPosition(id: id, anchor: .top), animated: true) }
        }
        let zoomSteps = [0.5, 0.67, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3]
        addAction("zoom-in", accelerators: ["<Control>plus", "<Control>equal", "<Control>KP_Add"], application) {
            [weak self] in
            guard let self else { return }
            webView.magnification = zoomSteps.first { $0 > webView.magnification + 0.001 } ?? zoomSteps.last!
        }
        addAction("zoom-out", accelerators: ["<Control>minus", "<Control>KP_Subtract"], application) { [weak self] in
            guard let self else { return }
            webView.magnification = zoomSteps.last { $0 < webView.magnification - 0.001 } ?? zoomSteps.first!
        }
        addAction("zoom-reset", accelerators: ["<Control>0", "<Control>KP_0"], application) { [weak self] in
            self?.webView.magnification = 1
        }
        addAction("export-pdf", accelerators: ["<Control><Shift>e"], application) { [weak self] in
            guard let self else { return }
            Task { @MainActor in await self.exportPDF() }
        }
        addAction("sighting", accelerators: ["<Control>n"], application) { [weak self] in self?.open(SightingForm.url) }
        addAction("reload", accelerators: ["<Control>r", "F5"], application) { [weak self] in
            guard let self else { return }
            if page.isLoading { page.stopLoading() } else { page.reload() }
        }
    }

    private func buildContent() {
        let paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
        gtk_paned_pack1(UnsafeMutablePointer(OpaquePointer(paned)), sidebar.widget, cwk_false, cwk_false)
        let overlay = gtk_overlay_new()!
        gtk_container_add(UnsafeMutablePointer(OpaquePointer(overlay)), UnsafeMutablePointer(webView.gtkWidget))
        let bar = UnsafeMutablePointer<GtkWidget>(OpaquePointer(progress))
        gtk_widget_set_valign(bar, GTK_ALIGN_START)
        gtk_style_context_add_class(gtk_widget_get_style_context(bar), "osd")
        gtk_overlay_add_overlay(UnsafeMutablePointer(OpaquePointer(overlay)), bar)
        gtk_widget_set_no_show_all(bar, cwk_true)
        gtk_paned_pack2(UnsafeMutablePointer(OpaquePointer(paned)), overlay, cwk_true, cwk_false)
        gtk_container_add(window.cast(), paned)
    }

    private func button(_ action: String, _ icon: String, _ tooltip: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_from_icon_name(icon, GTK_ICON_SIZE_BUTTON)!
        gtk_actionable_set_action_name(OpaquePointer(button), "win.\(action)")
        gtk_widget_set_tooltip_text(button, tooltip)
        return button
    }

    /// Adds the window action `win.<name>`, run by `activate` and by its keyboard shortcuts.
    private func addAction(
        _ name: String, accelerators: [String], _ application: GObjectReference,
        _ activate: @escaping @MainActor () -> Void
    ) {
        addAction(name, state: nil, accelerators: accelerators, application) { _ in activate() }
    }

    /// Adds the window action `win.<name>`: with a string parameter when `takesString`, and
    /// with a state (a floating `GVariant`) that ``setState(_:_:)`` keeps current.
    ///
    /// The window's actions are also exported on the session bus by `GtkApplication`
    /// (`org.gtk.Actions` at `/io/github/lakes/Lakes/window/<id>`), so their state is
    /// what other programs see of the window: the open article, the current section,
    /// whether the find bar is shown.
    private func addAction(
        _ name: String, takesString: Bool = false, state: OpaquePointer?, accelerators: [String],
        _ application: GObjectReference, _ activate: @escaping @MainActor (String?) -> Void
    ) {
        let type = takesString ? cwk_variant_type_string() : nil
        let made = state.map { g_simple_action_new_stateful(name, type, $0)! } ?? g_simple_action_new(name, type)!
        let action = GObjectReference(adopting: made)
        connections.append(
            action.connect("activate") { arguments in
                activate(arguments.pointer(1).flatMap(Self.string))
                return nil
            })
        if state != nil {
            // Another program asking for a state gets what choosing it does, not a relabel.
            connections.append(
                action.connect("change-state") { arguments in
                    guard let own = arguments.object(0), let requested = arguments.pointer(1) else { return nil }
                    if let value = Self.string(requested) {
                        activate(value)
                    } else if g_variant_is_of_type(requested, cwk_variant_type_boolean()) != 0,
                        let current = g_action_get_state(own)
                    {
                        defer { g_variant_unref(current) }
                        if g_variant_get_boolean(requested) != g_variant_get_boolean(current) { activate(nil) }
                    }
                    return nil
                })
        }
        g_action_map_add_action(window.pointer, action.pointer)
        actions[name] = action
        if !accelerators.isEmpty { setAccelerators(application, "win.\(name)", accelerators) }
    }

    /// The text a `GVariant` holds, if it holds a string.
    private static func string(_ variant: OpaquePointer) -> String? {
        guard g_variant_is_of_type(variant, cwk_variant_type_string()) != 0 else { return nil }
        return String(cString: g_variant_get_string(variant, nil))
    }

    /// Sets the state of a stateful window action to `value` (a floating `GVariant`).
    private func setState(_ name: String, _ value: OpaquePointer) {
        guard let action = actions[name] else {
            g_variant_unref(g_variant_ref_sink(value))
            return
        }
        g_simple_action_set_state(action.pointer, value)
    }

    /// Activates `win.<name>` with a string, as a click on its widget would.
    private func activateAction(_ name: String, _ value: String) {
        g_action_group_activate_action(window.pointer, name, g_variant_new_string(value))
    }

    /// Highlights the section with `id` (or none) in the sidebar and in `win.section`.
    private func showCurrentSection(_ id: String?) {
        sidebar.selectSection(id)
        setState("section", g_variant_new_string(id ?? ""))
    }

    private func setAccelerators(_ application: GObjectReference, _ action: String, _ accelerators: [String]) {
        var strings = accelerators.map { strdup($0) } + [nil]
        defer { strings.forEach { free($0) } }
        strings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: buffer.count) {
                gtk_application_set_accels_for_action(application.cast(), action, $0)
            }
        }
    }

    private func setEnabled(_ name: String, _ enabled: Bool) {
        guard let action = actions[name] else { return }
        g_simple_action_set_enabled(action.pointer, enabled ? cwk_true : cwk_false)
    }

    // MARK: Following the page

    private func observePage() {
        follow({ [page] in page.title }) { [weak self] title in
            guard let self else { return }
            let shown = title.isEmpty ? AppInfo.name : title
            gtk_header_bar_set_title(header, shown)
            gtk_window_set_title(window.cast(), shown)
        }
        follow({ [page] in page.url }) { [weak self] url in
            guard let self else { return }
            let article = catalog.article(for: url)
            sidebar.select(article)
            setState("article", g_variant_new_string(article?.slug ?? ""))
            let own = url?.scheme == ArticleCatalog.scheme
            let subtitle = article?.location ?? (own ? "" : url?.host() ?? "")
            gtk_header_bar_set_subtitle(header, subtitle.isEmpty ? nil : subtitle)
        }
        follow({ [page] in page.currentNavigationEvent?.event == .finished ? page.url : nil }) { [weak self] url in
            guard let self, let url else { return }
            readSections(of: url)
        }
        follow({ [page] in page.canGoBack }) { [weak self] in self?.setEnabled("back", $0) }
        follow({ [webView] in webView.findNavigator.isPresented }) { [weak self] shown in
            self?.setState("find", g_variant_new_boolean(shown ? cwk_true : cwk_false))
        }
        // The sidebar follows the reader; headings move when the layout does, so re-read them then.
        webView
            .webViewOnScrollGeometryChange(for: ScrollGeometry.self, of: { $0 }) { [weak self] _, geometry in
                self?.followScroll(geometry)
            }
            .webViewOnScrollGeometryChange(for: CGSize.self, of: \.contentSize) { [weak self] _, _ in
                guard let self, let url = page.url else { return }
                readSections(of: url)
            }
        follow({ [page] in page.canGoForward }) { [weak self] in self?.setEnabled("forward", $0) }
        follow({ [page] in page.isLoading }) { [weak self] loading in
            guard let self, let button = reloadButton else { return }
            let icon = loading ? "process-stop-symbolic" : "view-refresh-symbolic"
            gtk_button_set_image(button, gtk_image_new_from_icon_name(icon, GTK_ICON_SIZE_BUTTON))
            gtk_widget_set_tooltip_text(UnsafeMutablePointer(OpaquePointer(button)), loading ? "Stop" : "Reload")
            updateProgress()
        }
        follow({ [page] in page.estimatedProgress }) { [weak self] _ in self?.updateProgress() }
    }

    private func followScroll(_ geometry: ScrollGeometry) {
        let current = SectionFollower.current(
            sections: sidebar.sections.map { ($0.id, $0.top) }, offset: geometry.contentOffset.y,
            viewport: geometry.containerSize.height, contentHeight: geometry.contentSize.height)
        showCurrentSection(current)
    }

    /// Fills the sidebar's sections from the article the page finished loading.
    private func readSections(of url: URL) {
        guard catalog.article(for: url) != nil else {
            sidebar.show(sections: [])
            showCurrentSection(nil)
            return
        }
        Task { @MainActor in
            do {
                let sections = try await ArticleSection.read(from: page)
                // The reader moved on meanwhile, or closed the window and its widgets are gone.
                guard isOpen, page.url == url else { return }
                sidebar.show(sections: sections)
                if let geometry = page.scrollGeometry { followScroll(geometry) }
            } catch {
                guard isOpen else { return }
                Log.lakes.message("cannot read the sections of \(url): \(error)")
                sidebar.show(sections: [])
                showCurrentSection(nil)
            }
        }
    }

    private func updateProgress() {
        let bar = UnsafeMutablePointer<GtkWidget>(OpaquePointer(progress))
        if page.isLoading && page.estimatedProgress < 1 {
            gtk_progress_bar_set_fraction(progress, max(page.estimatedProgress, 0.05))
            gtk_widget_show(bar)
        } else {
            gtk_widget_hide(bar)
        }
    }

    /// Calls `apply` with `value` now and whenever it changes, until the window closes.
    private func follow<Value: Equatable>(
        _ value: @escaping @MainActor () -> Value, _ apply: @escaping @MainActor (Value) -> Void
    ) {
        followers.append(Follower(value: value, apply: apply))
    }

    private func closed() {
        isOpen = false
        followers.removeAll()
        connections.removeAll()
        page.close()
        onClose()
    }
}

/// Applies a value read from observable state now and after every change to it.
///
/// It re-registers Observation tracking after each change, reading the new value once
/// the change is complete, and calls `apply` only when the value really differs.
@MainActor
private final class Follower<Value: Equatable> {
    private let value: @MainActor () -> Value
    private let apply: @MainActor (Value) -> Void
    private var last: Value?

    init(value: @escaping @MainActor () -> Value, apply: @escaping @MainActor (Value) -> Void) {
        self.value = value
        self.apply = apply
        track()
    }

    private func track() {
        let current = withObservationTracking {
            value()
        } onChange: { [weak self] in
            Task { @MainActor in self?.track() }
        }
        if current != last {
            last = current
            apply(current)
        }
    }
}

/// A weak reference to the window's page, for handlers made before the page exists.
@MainActor
private final class WeakPageBox {
    weak var page: WebPage?
}
