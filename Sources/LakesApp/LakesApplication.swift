internal import CWebKitGTK
import Foundation
import GLibBridge
import WebKitGTK

/// The Lakes desktop app: a `GtkApplication` with one main window.
@MainActor
public final class LakesApplication {
    private let application: GObjectReference
    private let options: LaunchOptions
    private var windows: [MainWindow] = []
    private var connections: [SignalConnection] = []

    /// Runs Lakes with the process's command line and returns its exit status.
    public static func main(arguments: [String] = CommandLine.arguments) -> Int32 {
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
        MainLoop.prepareForGLibOwnedMainThread()
        return LakesApplication(options: options).run()
    }

    private init(options: LaunchOptions) {
        self.options = options
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
        if let problem { FileHandle.standardError.write(Data("lakes: \(problem)\n".utf8)) }

        let window = MainWindow(application: application, contentDirectory: content, catalog: catalog)
        windows.append(window)
        window.onClose = { [weak self, weak window] in
            self?.windows.removeAll { $0 === window }
        }
        if let url = options.url {
            window.open(url)
        } else if let first = catalog.articles.first {
            window.open(first.url)
        } else {
            window.page.load(html: StartPage.html(problem: problem))
        }
        window.present()
    }
}
