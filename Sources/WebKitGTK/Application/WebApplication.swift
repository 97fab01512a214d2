internal import CWebKitGTK
import Foundation
import GLibBridge
import GTK

#if canImport(Glibc)
    import Glibc
#endif

/// A GTK application that owns the main thread and runs until its last window closes.
///
///     let app = try WebApplication(id: "org.example.Hello")
///     exit(app.run {
///         let window = WebWindow(application: app)
///         window.page.load(URL(string: "https://example.org"))
///         window.present()
///     })
///
/// ``run(_:)`` hands the main thread to GLib's main loop, which also runs the main actor's
/// jobs, so `Task { @MainActor in }`, `await` and Observation work in the app's code. Each
/// run is its own instance (`G_APPLICATION_NON_UNIQUE`), so no session bus is needed.
/// A `GtkApplication` (`gtk_application_new`).
@MainActor
public final class WebApplication {
    /// An application ID that GLib refuses (`g_application_id_is_valid`).
    public struct InvalidIDError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The ID that was refused.
        public let id: String

        /// Says what is wrong and what a valid ID looks like.
        public var description: String {
            "\"\(id)\" is not a valid application ID: use two or more dot-separated elements of letters, "
                + "digits, '_' and '-', not starting with a digit, such as \"org.example.App\""
        }
    }

    /// The application's ID, such as `"org.example.Hello"`, or nil for none.
    public let id: String?
    /// The application's name as people read it: the title of a ``WebWindow`` whose page
    /// has none.
    public let name: String

    /// The `GtkApplication` of the GTK layer.
    let gtkApplication: Gtk.Application
    /// The application's object, for GLib calls.
    var application: GObjectReference { gtkApplication.reference }
    private var activation: (@MainActor () -> Void)?
    private static var processIsNamed = false

    /// Creates an application.
    ///
    /// The first application of a process also names it (`g_set_application_name`).
    ///
    /// - Parameters:
    ///   - id: A reverse-DNS ID, such as `"org.example.Hello"`, which desktops match with
    ///     the app's `.desktop` file. Default: nil, none.
    ///   - name: The name people read. Default: nil, the ID's last element (`"Hello"`), or
    ///     the program's name when there is no ID.
    /// - Throws: ``InvalidIDError`` when `id` is not a valid application ID.
    public init(id: String? = nil, name: String? = nil) throws(InvalidIDError) {
        if let id, !Gtk.Application.isValid(id: id) { throw InvalidIDError(id: id) }
        Gtk.prepare()
        self.id = id
        let named = name ?? id.flatMap { $0.split(separator: ".").last.map(String.init) }
        self.name = named ?? ProcessInfo.processInfo.processName
        if !Self.processIsNamed {
            Self.processIsNamed = true
            Gtk.Application.setName(self.name)
        }
        gtkApplication = Gtk.Application(id: id, handlesOpen: false)
        gtkApplication.makeNonUnique()
        gtkApplication.onActivate { [weak self] in self?.activation?() }
    }

    /// Runs the application on the main thread until it quits, and returns its exit status.
    ///
    /// `activate` runs once the application has started: it opens the first window. The
    /// application then runs until its last ``WebWindow`` closes or ``quit()`` is called; if
    /// `activate` opens no window it returns at once. While it runs, `SIGINT` and `SIGTERM`
    /// quit it as ``quit()`` does, so that the program ends through its own code.
    ///
    /// The command line is the app's own to read (`CommandLine.arguments`): the application
    /// is given only the program's name (`g_application_run`).
    ///
    /// - Parameter activate: Opens the app's windows; called on the `activate` signal.
    /// - Returns: The exit status: 0 for a normal end.
    /// - Precondition: it is called on the main thread, from a synchronous `main` (not an
    ///   `async` one): GTK and WebKit run on the thread that runs GLib's main loop.
    public func run(_ activate: @escaping @MainActor () -> Void) -> Int32 {
        MainLoop.prepareForGLibOwnedMainThread()
        activation = activate
        let watches = [SIGINT, SIGTERM].map { signal in
            MainLoop.onUnixSignal(signal) { [weak self] in self?.quit() }
        }
        defer {
            for watch in watches { MainLoop.removeUnixSignalHandler(watch) }
            activation = nil
        }
        return gtkApplication.run(arguments: [CommandLine.arguments.first ?? name])
    }

    /// Ends ``run(_:)``: its main loop returns (`g_application_quit`). Windows still open stay
    /// open (a program usually exits next). Does nothing when it is not running.
    public func quit() {
        gtkApplication.quit()
    }
}
