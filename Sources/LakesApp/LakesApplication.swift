import Foundation
import GLibBridge
import GTK
import WebKitGTK

/// The Lakes desktop app: a `GtkApplication`, one instance per session, with one main
/// window.
///
/// A second `lakes URL` hands its URL to the running instance over D-Bus
/// (`G_APPLICATION_HANDLES_OPEN`) and exits 0. `--automation` runs an instance of its own
/// (`G_APPLICATION_NON_UNIQUE`) with throwaway data, for a WebDriver client.
@MainActor
package final class LakesApplication {
    private let application: Gtk.Application
    private var throwawayHome: ThrowawayHome?
    /// The environment Lakes started with, before ``ThrowawayHome/apply()``: what the
    /// programs it hands links to get.
    private let startingEnvironment: [String: String]
    private var isAutomated = false
    /// The URLs of the command line, for the first window.
    private var launchURLs: [URL] = []
    private var services: AppServices?
    private var automation: WebAutomation?
    private var colorScheme: ColorSchemeFollower?
    /// Windows whose page a WebDriver session has been given.
    private var automatedWindows: Set<ObjectIdentifier> = []
    private var windows: [MainWindow] = []

    /// Runs Lakes with the process's command line and returns its exit status.
    package static func main(arguments: [String] = CommandLine.arguments) -> Int32 {
        Localization.setUp()
        MainLoop.prepareForGLibOwnedMainThread()
        let app = LakesApplication()
        let status = app.application.run(arguments: arguments)
        app.throwawayHome?.remove()
        return status
    }

    private init() {
        startingEnvironment = ProcessInfo.processInfo.environment
        Gtk.Application.setName(AppInfo.name)
        application = Gtk.Application(id: AppInfo.id, handlesOpen: true)
        application.addOption("version", description: localized("Print the version and exit"))
        application.addOption(
            "automation",
            description: localized("Let a WebDriver client drive Lakes, in an instance of its own that keeps no data"))
        application.addRemainingArguments(placeholder: localized("[URL…]"))
        application.describeCommandLine(
            summary: localized("Read about the world's great lakes, and add your own from the web."))
        application.onLocalOptions { [weak self] options in self?.handle(options) }
        application.onStartup { [weak self] in self?.startup() }
        application.onActivate { [weak self] in self?.activate() }
        application.onOpen { [weak self] uris in self?.open(uris.compactMap(URL.init(string:))) }
    }

    /// Acts on the options in the launching process: prints the version, checks the URLs,
    /// and hands them to the running instance when there is one.
    ///
    /// - Returns: An exit status to stop with, or nil to go on as the primary instance.
    private func handle(_ options: Gtk.CommandLineOptions) -> Int32? {
        if options.contains("version") {
            print("\(AppInfo.name) \(AppInfo.version)")
            return 0
        }
        let urls: [URL]
        do {
            urls = try options.remaining.map(LaunchArgument.url(from:))
        } catch {
            let hint = String(format: localized("Run “%@” to see the options."), "lakes --help")
            FileHandle.standardError.write(Data("lakes: \(error)\n\(hint)\n".utf8))
            return 2
        }
        if options.contains("automation") {
            do {
                throwawayHome = try ThrowawayHome.make()
            } catch {
                Log.lakes.warning("cannot make a folder for the automation session: \(error)")
                return 1
            }
            throwawayHome?.apply()  // before GLib reads the XDG folders
            isAutomated = true
            application.makeNonUnique()
        }
        do {
            try application.register()
        } catch {
            FileHandle.standardError.write(Data("lakes: \(error.message)\n".utf8))
            return 1
        }
        if application.isRemote {
            // The running instance opens them (or shows its window); this one is done.
            if urls.isEmpty { application.activateRemote() } else { application.open(urls.map(\.absoluteString)) }
            application.flush()
            return 0
        }
        launchURLs = urls
        return nil
    }

    private func startup() {
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            // Quit cleanly (saving the window, closing pages, ending web processes).
            MainLoop.onUnixSignal(signal) { [weak self] in self?.quit() }
        }
        colorScheme = ColorSchemeFollower()
        for action in AppAction.allCases {
            application.addAction(
                Gtk.SimpleAction(action.rawValue) { [weak self] _ in self?.perform(action) })
            if !action.accelerators.isEmpty {
                application.setAccelerators(action.accelerators, for: action.detailedName)
            }
        }
    }

    private func perform(_ action: AppAction) {
        let parent = windows.first?.window
        switch action {
        case .shortcuts: Gtk.showShortcuts(Gtk.lakesShortcutGroups, parent: parent)
        case .about:
            Gtk.showAbout(
                Gtk.AboutInfo(
                    name: AppInfo.name, version: AppInfo.version,
                    comments: localized("Read about the world's great lakes, and add your own from the web."),
                    iconName: AppInfo.id, website: AppInfo.website, copyright: "© 2026 The Lakes authors"),
                parent: parent)
        case .quit: quit()
        }
    }

    /// Closes every window (each keeps its state and closes its page, which ends its web
    /// process), then ends the run.
    private func quit() {
        for window in windows { window.window.destroy() }
        application.quit()
    }

    private func activate() {
        if let window = windows.first {
            window.present()
            return
        }
        let services = makeServices()
        let window = openWindow(services)
        StartupReport.watch(window.page) { [weak self] in self?.quit() }
        if let url = launchURLs.last {
            window.open(url)
        } else if let url = lastArticle(services) ?? services.catalog.articles.first?.url {
            window.open(url)
        } else {
            window.page.load(html: StartPage.html(problem: services.contentProblem))
        }
        launchURLs = []
        window.present()
    }

    /// The article the reader had open last time, if it is still there.
    private func lastArticle(_ services: AppServices) -> URL? {
        guard !isAutomated else { return nil }
        let key = services.settings.lastArticle
        return services.catalog.article(slug: key)?.url ?? services.lakes.lakes.first { $0.id == key }?.url
    }

    /// Opens URLs another launch handed over, in the window, which comes to the front.
    private func open(_ urls: [URL]) {
        guard let url = urls.last else { return activate() }
        guard let window = windows.first else {
            launchURLs = [url]
            return activate()
        }
        window.open(url)
        window.present()
    }

    /// What every window shares, made once: the catalog, the stores, the settings.
    private func makeServices() -> AppServices {
        if let services { return services }
        let content = ContentLocation.find()
        // A build run from its tree has the app icon in data/icons; an install, in hicolor.
        if let content { Gtk.addIconFolder(content.appendingPathComponent("icons")) }
        var catalog = ArticleCatalog(articles: [])
        var problem: String?
        if let content {
            do {
                catalog = try ArticleCatalog(contentDirectory: content)
            } catch {
                problem = error.description
            }
        } else {
            problem = localized(
                "The bundled articles were not found. Set LAKES_DATA_DIR to the folder that holds articles/.")
        }
        if let problem { Log.lakes.warning(problem) }
        let lakes = AddedLakeStore.standard()
        var storeProblem: String?
        if case .corrupt(let aside, let reason) = lakes.load() {
            storeProblem = String(
                format: localized(
                    "Your lakes could not be read, so Lakes starts without them. The file was kept as %@."),
                aside.path)
            Log.lakes.message("the added lakes could not be read (\(reason)); moved to \(aside.path)")
        }

        let store: WKWebsiteDataStore = isAutomated ? .nonPersistent() : .default()
        let made = AppServices(
            contentDirectory: content, catalog: catalog, contentProblem: problem, dataStore: store,
            isAutomated: isAutomated, sightings: SightingStore.standard(), lakes: lakes,
            settings: AppSettings.standard(), opener: ExternalOpener(baseEnvironment: startingEnvironment))
        if isAutomated {
            automation = WebAutomation(dataStore: store, browserName: "lakes", browserVersion: AppInfo.version) {
                [weak self] _ in self?.pageForAutomation()
            }
        }
        services = made
        if let storeProblem {
            Task { @MainActor [weak self] in self?.windows.first?.area.showNotice(storeProblem) }
        }
        return made
    }

    private func openWindow(_ services: AppServices) -> MainWindow {
        let window = MainWindow(application: application, services: services)
        windows.append(window)
        window.onClose = { [weak self, weak window] in
            guard let self, let window else { return }
            windows.removeAll { $0 === window }
            automatedWindows.remove(ObjectIdentifier(window))
            // Lakes quits with its last window. A WebDriver client that ends its session may
            // kill the process right after, so the throwaway data goes now.
            if windows.isEmpty { throwawayHome?.remove() }
        }
        return window
    }

    /// The page for a browsing context a WebDriver session asks for: the first window's, if
    /// no session has it yet (so a session starts on the article Lakes opened), otherwise a
    /// new, empty window's. Lakes has no tabs; a tab request gets a window too.
    private func pageForAutomation() -> WebPage? {
        if let window = windows.first(where: { !automatedWindows.contains(ObjectIdentifier($0)) }) {
            automatedWindows.insert(ObjectIdentifier(window))
            return window.page
        }
        let window = openWindow(makeServices())
        automatedWindows.insert(ObjectIdentifier(window))
        window.present()
        return window.page
    }
}

/// What the windows of one run of Lakes share.
@MainActor
struct AppServices {
    /// The bundled content, nil when it was not found.
    let contentDirectory: URL?
    let catalog: ArticleCatalog
    /// Why the bundled content could not be used, for the start page.
    let contentProblem: String?
    let dataStore: WKWebsiteDataStore
    /// Whether a WebDriver client drives the windows (`--automation`).
    let isAutomated: Bool
    let sightings: SightingStore
    /// The lakes the reader added, and their offline copies.
    let lakes: AddedLakeStore
    let settings: AppSettings
    let opener: ExternalOpener
}
