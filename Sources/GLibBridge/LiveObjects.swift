internal import CWebKitGTK
import Synchronization

/// How many of the objects the library makes are alive now, by kind, for tests that check
/// that everything a closed page or a dropped view made is freed.
///
/// A Swift class counts itself with ``created(_:)`` in its initializer and
/// ``destroyed(_:)`` in its `deinit`. A GObject the library makes is counted with
/// ``track(_:)`` under its type name (`WebKitWebView`, `GtkOffscreenWindow`...) from then
/// until GLib finalizes it, whoever holds the last reference: a weak reference
/// (`g_object_weak_ref`) counts it down. Signal handlers are counted as
/// ``signalHandler`` from connection until GLib frees their closure.
///
/// Counting costs a lock and a dictionary update per object made or freed, so only debug
/// builds, which the tests run in, count (``isCounting``); in a release build each call
/// returns at once and every count reads 0. Kinds are never removed: a kind whose objects
/// are all gone reads 0.
package enum LiveObjects {
    private static let counts = Mutex<[String: Int]>([:])

    /// Whether objects are counted: in debug builds only. It never changes while the
    /// program runs, so no object is counted out that was not counted in.
    #if DEBUG
        package static let isCounting = true
    #else
        package static let isCounting = false
    #endif

    /// The kind under which connected signal handlers are counted.
    package static let signalHandler = "signal handler"

    /// One more object of `kind` is alive.
    package static func created(_ kind: String) {
        guard isCounting else { return }
        counts.withLock { $0[kind, default: 0] += 1 }
    }

    /// One object of `kind` is gone.
    package static func destroyed(_ kind: String) {
        guard isCounting else { return }
        counts.withLock { $0[kind, default: 0] -= 1 }
    }

    /// Counts `object` under its GType's name until it is finalized.
    package static func track(_ object: OpaquePointer) {
        guard isCounting else { return }
        let instance = UnsafeMutablePointer<GObject>(object)
        let kind = String(cString: g_type_name(instance.pointee.g_type_instance.g_class.pointee.g_type))
        created(kind)
        g_object_weak_ref(instance, Trampoline.trackedObjectFinalized, CallbackBox(kind).retainedPointer())
    }

    /// The number of live objects of `kind`.
    package static func count(_ kind: String) -> Int {
        counts.withLock { $0[kind] ?? 0 }
    }

    /// Every kind counted so far, with its number of live objects.
    package static var snapshot: [String: Int] {
        counts.withLock { $0 }
    }
}
