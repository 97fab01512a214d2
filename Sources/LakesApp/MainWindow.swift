import Foundation
import GLibBridge
import GTK
import WebKitGTK

/// A Lakes window: the header bar, the sidebar of articles and sections, and the article.
///
/// The window is put together here; its commands are in `MainWindow+Actions.swift`, and
/// how it follows the page (title, sections, loading, crashes, offline copies) in
/// `MainWindow+Page.swift`.
@MainActor
final class MainWindow {
    let page: WebPage
    let services: AppServices
    var onClose: () -> Void = {}

    let window: Gtk.Window
    let header = WindowHeader()
    let sidebar: ArticleSidebar
    let area: ArticleArea
    let webView: WebView
    let decider: LakesNavigationDecider
    let presenter: LakesDialogPresenter
    let paned = Gtk.Paned(.horizontal)
    var actions: [WindowAction: Gtk.SimpleAction] = [:]
    let followers = Followers()
    /// False once GTK has destroyed the window: its widgets are gone.
    var isOpen = true
    /// The article the reader asked for last: what Reload brings back after a crash.
    var requested: URL?
    /// Whether the page shows the offline copy of an added lake.
    var showsOfflineCopy = false
    /// How far the reader had scrolled, in CSS pixels, last time the page said.
    var readingOffset: Double = 0
    /// Where to scroll once the article reloaded after a crash.
    var pendingOffset: Double?
    /// Whether the page's web process ended and the crash page is shown.
    var isCrashed = false

    var catalog: ArticleCatalog { services.catalog }
    var lakes: AddedLakeStore { services.lakes }
    var settings: AppSettings { services.settings }

    /// A window over the app's content; it shows nothing until ``open(_:)``.
    init(application: Gtk.Application, services: AppServices) {
        self.services = services
        let pageBox = WeakPageBox()
        var configuration = WebPage.Configuration(
            websiteDataStore: services.dataStore, applicationNameForUserAgent: "\(AppInfo.name)/\(AppInfo.version)")
        configuration.isControlledByAutomation = services.isAutomated
        if let contentDirectory = services.contentDirectory {
            configuration.urlSchemeHandlers[URLScheme(ArticleCatalog.scheme)!] = ArticleCatalog.handler(
                for: contentDirectory)
        }
        SightingForm.install(
            in: configuration.userContentController, store: services.sightings, catalog: services.catalog,
            page: { pageBox.page })  // the box holds the page weakly; the handler keeps the box
        decider = LakesNavigationDecider(opener: services.opener)
        presenter = LakesDialogPresenter()
        page = WebPage(configuration: configuration, navigationDecider: decider, dialogPresenter: presenter)
        decider.page = page
        pageBox.page = page
        sidebar = ArticleSidebar(articles: services.catalog.articles)
        webView = WebView(page)
        area = ArticleArea(webView: webView)
        window = Gtk.Window(application: application)
        presenter.parent = window

        window.setDefaultSize(width: settings.windowWidth, height: settings.windowHeight)
        if settings.isWindowMaximized { window.maximize() }
        window.setIconName(AppInfo.id)
        window.setTitlebar(header.widget)
        paned.setStart(sidebar.widget)
        paned.setEnd(area.widget)
        paned.position = settings.sidebarWidth
        window.add(paned)
        webView.magnification = settings.zoom
        // Until the first article commits, the window's own background shows where it will
        // be, not WebKit's white, which flashes in a dark window (see `observePage`).
        webView.webViewContentBackground(.hidden)

        installActions(application)
        sidebar.onActivate = { [weak self] entry in
            self?.window.activateAction(WindowAction.article.rawValue, Gtk.Variant(entry.key))
        }
        sidebar.onActivateSection = { [weak self] section in
            self?.window.activateAction(WindowAction.section.rawValue, Gtk.Variant(section.id))
        }
        sidebar.show(added: lakes.lakes)
        lakes.onChange.append { [weak self] in
            guard let self, isOpen else { return }
            sidebar.show(added: lakes.lakes)
            sidebar.select(key: entryKey(for: page.url))
            setEnabled(.removeLake, lakes.lake(for: page.url) != nil)
        }
        webView.webViewContextMenu { [weak self] element in
            if let self, let link = element.linkURL {
                linkMenu(for: link)
            } else {
                DefaultContextMenuItems()
            }
        }
        if services.isAutomated {
            // A WebDriver client closes windows; a page's script never closes Lakes.
            page.onCloseRequest = { [weak self] in self?.window.destroy() }
        }
        observePage()
        window.onDestroy { [weak self] in self?.closed() }
    }

    /// Opens `url` in the window: the app's own navigation, allowed whatever its scheme.
    /// An added lake whose page cannot be reached opens from its offline copy.
    func open(_ url: URL) {
        requested = url
        leaveCrashPage()
        // Highlighted now, not once the page reports its address: at start-up that is before
        // the window is shown, so the row does not fade in over the first frames.
        sidebar.select(key: entryKey(for: url))
        decider.willLoad(url)
        showsOfflineCopy = false
        let events = page.load(url)
        guard lakes.lake(for: url) != nil else { return }
        Task { @MainActor [weak self] in
            do {
                for try await event in events where event == .finished {
                    await self?.keepOfflineCopy(of: url)
                }
            } catch {
                self?.openOfflineCopy(of: url, because: error)
            }
        }
    }

    /// Opens the article with `key`: a bundled article's slug or an added lake's address.
    func open(key: String) {
        if let article = catalog.article(slug: key) {
            open(article.url)
        } else if let lake = lakes.lakes.first(where: { $0.id == key }) {
            open(lake.url)
        }
    }

    /// The sidebar key of the article at `url`, if the sidebar lists it.
    func entryKey(for url: URL?) -> String? {
        catalog.article(for: url)?.slug ?? lakes.lake(for: url)?.id
    }

    func present() {
        window.showAll()
        showProgress()
        window.present()
    }

    /// Links get Lakes' own menu: open web links in the browser, copy the address.
    @ContextMenuBuilder
    private func linkMenu(for link: URL) -> ContextMenuContent {
        let decision = LinkPolicy().decide(link, currentURL: page.url, isUserAction: true)
        if case .openExternally = decision {
            Button(localized("Open Link in Browser")) { [decider] in try? decider.opener.open(link) }
        } else if decision == .allowInApp {
            Button(localized("Open Link")) { [weak self] in self?.page.load(link) }
        }
        Button(localized("Copy Link Address")) { Gtk.Clipboard.copy(link.absoluteString) }
    }

    /// Remembers the window for the next run, then lets the page go.
    private func closed() {
        saveState()
        isOpen = false
        followers.removeAll()
        page.close()
        onClose()
    }

    /// Keeps the window's size, the sidebar's width and the article for the next run.
    func saveState() {
        guard isOpen else { return }
        settings.isWindowMaximized = window.isMaximized
        if !window.isMaximized {
            let size = window.size
            settings.windowWidth = size.width
            settings.windowHeight = size.height
        }
        settings.sidebarWidth = paned.position
        if let key = entryKey(for: requested ?? page.url) { settings.lastArticle = key }
        settings.sync()
    }
}

/// A weak reference to the window's page, for handlers made before the page exists.
@MainActor
private final class WeakPageBox {
    weak var page: WebPage?
}
