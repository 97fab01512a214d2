internal import CWebKitGTK
import GLibBridge

/// GTK's one-time set-up, shared by everything in the module that makes widgets.
@MainActor
enum GTK {
    private static var initialized = false

    /// Initialises GTK on first use and makes sure GLib's main context is being iterated.
    ///
    /// - Precondition: a display is available (`DISPLAY` or `WAYLAND_DISPLAY`); under a
    ///   headless test run, start it inside `xvfb-run`.
    static func prepare() {
        MainLoop.ensureDriven()
        guard !initialized else { return }
        guard gtk_init_check(nil, nil) != 0 else {
            preconditionFailure("GTK could not open a display: set DISPLAY, or run under xvfb-run")
        }
        initialized = true
    }
}
