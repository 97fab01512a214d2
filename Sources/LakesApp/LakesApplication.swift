internal import CWebKitGTK
import Foundation
import GLibBridge
import WebKitGTK

/// The Lakes desktop app: a `GtkApplication` with one main window.
@MainActor
package final class LakesApplication {
    private let application: GObjectReference
    private let options: LaunchOptions
    private let throwawayHome: ThrowawayHome?
    /// The environment Lakes started with, before ``ThrowawayHome/apply()``: what the
    /// programs it hands links to get.
    private let startingEnvironment: [String: String]
    private var services: AppServices?
    private var automation: WebAutomation?
    /// Windows whose page a WebDriver session has been given.
    private var automatedWindows: Set<ObjectIdentifier> = []
    private var windows: [MainWindow] = []
    private var connections: [SignalConnection] = []

    /// Runs Lakes with the process's command line and returns its exit status.
    package static func main(arguments: [String] = CommandLine.arguments) -> Int32 {
        let options: LaunchOptions
        do {
            options = try LaunchOptions.parse(Array(arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("lakes: \(error)\n\(LaunchOptions.usage)\n".utf8))
            return 2
        }
        if options.showHelp {
            print(LaunchOptions.usage)
            return 0
        }
        if options.showVersion {
            print("\(AppInfo.name) \(AppInfo.version)")
            return 0
        }
        var throwawayHome: ThrowawayHome?
        if options.automation {
            do {
                throwawayHome = try ThrowawayHome.make()
            } catch {
                Log.lakes.warning("cannot make a folder for the automation session: \(error)")
                return 1
            }
        }
        defer { throwawayHome?.remove() }
        MainLoop.prepareForGLibOwnedMainThread()
        return LakesApplication(options: options, throwawayHome: throwawayHome).run()
    }

    private init(options: LaunchOptions, throwawayHome: ThrowawayHome?) {
        self.options = options
        self.throwawayHome = throwawayHome
        startingEnvironment = ProcessInfo.processInfo.environment
        throwawayHome?.apply()  // before GLib reads the XDG folders
        g_set_application_name(AppInfo.name)
        g_set_prgname(AppInfo.id)
        let app = gtk_application_new(AppInfo.id, G_APPLICATION_NON_UNIQUE)!
        application = GObjectReference(adopting: OpaquePointer(app))
        connections.append(
            application.connect("activate") { [weak self] _ in
                self?.activate()
                return nil
            })
    }

    private func run() -> Int32 {
        // Quit cleanly (closing pages, ending web processes) on the usual stop signals.
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            MainLoop.onUnixSignal(signal) { [application] in g_application_quit(application.cast()) }
        }
        // The command line was read above; GApplication sees only the program name.
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(CommandLine.arguments.first ?? "lakes"), nil]
        defer { free(argv[0]) }
        return g_application_run(application.cast(), 1, &argv)
    }

    private func activate() {
        if let window = windows.first {
            window.present()
            return
        }
        let services = makeServices()
        let window = openWindow(services)
        if let url = options.url {
            window.open(url)
        } else if let first = services.catalog.articles.first {
            window.open(first.url)
        } else {
            window.page.load(html: StartPage.html(problem: services.contentProblem))
        }
        window.present()
    }

    /// What every window shares, made once: the catalog, the data store, the sightings.
    private func makeServices() -> AppServices {
        if let services { return services }
        let content = ContentLocation.find()
        var catalog = ArticleCatalog(articles: [])
        var problem: String?
        if let content {
            do {
                catalog = try ArticleCatalog(contentDirectory: content)
            } catch {
                problem = error.description
            }
        } else {
            problem = "The bundled articles were not found. Set LAKES_DATA_DIR to the folder that holds articles/."
        }
        if let problem { Log.lakes.warning(problem) }

        let store: WKWebsiteDataStore = options.automation ? .nonPersistent() : .default()
        let made = AppServices(
            contentDirectory: content, catalog: catalog, contentProblem: problem, dataStore: store,
            isAutomated: options.automation, sightings: SightingStore.standard(),
            opener: ExternalOpener(baseEnvironment: startingEnvironment))
        if options.automation {
            automation = WebAutomation(dataStore: store, browserName: "lakes", browserVersion: AppInfo.version) {
                [weak self] _ in self?.pageForAutomation()
            }
        }
        services = made
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
    let opener: ExternalOpener
}
