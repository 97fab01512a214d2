internal import CWebKitGTK
import GLibBridge

/// The one typed layer over GTK 3 that the library and Lakes both call: each class owns
/// one reference to its widget or object and names GTK's calls as properties and methods.
///
/// Nothing here adds behaviour of its own; a method is the call it names. C stays inside
/// this module: its API takes and returns Swift types, a ``Widget`` for a widget, and
/// `OpaquePointer` only where a widget made elsewhere (a web view's) joins the tree.
///
/// A module above imports `CWebKitGTK` only in the files that call C: a file that calls only
/// this layer imports this module alone, and the files beside it that import `CWebKitGTK`
/// still find all of GLib's constants (such as `G_SPAWN_STDOUT_TO_DEV_NULL`), in debug and
/// release builds alike.
@MainActor
package enum Gtk {
    private static var initialized = false

    /// Initialises GTK on first use and makes sure GLib's main context is being iterated:
    /// what everything that makes a widget calls first.
    ///
    /// - Precondition: a display is available (`DISPLAY` or `WAYLAND_DISPLAY`); under a
    ///   headless test run, start it inside `xvfb-run`.
    package static func prepare() {
        MainLoop.ensureDriven()
        guard !initialized else { return }
        guard gtk_init_check(nil, nil) != 0 else {
            preconditionFailure("GTK could not open a display: set DISPLAY, or run under xvfb-run")
        }
        initialized = true
    }

    /// Which way a box or a paned lays out its children (`GtkOrientation`).
    package enum Orientation {
        case horizontal, vertical

        var value: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
    }

    /// Where a widget sits in the space it is given (`GtkAlign`).
    package enum Align {
        case fill, start, end, center

        var value: GtkAlign {
            switch self {
            case .fill: GTK_ALIGN_FILL
            case .start: GTK_ALIGN_START
            case .end: GTK_ALIGN_END
            case .center: GTK_ALIGN_CENTER
            }
        }
    }
}
