internal import CWebKitGTK

/// One strong reference to a GObject, released when this value is deinitialised.
///
/// The initialiser says where the reference comes from, following GLib's transfer rules:
/// `adopting` takes over a transfer-full result, `retaining` adds a reference to a
/// transfer-none result, and `sinking` claims a floating reference (every new `GtkWidget`,
/// so every `WebKitWebView`) or adds a reference to an object that is no longer floating.
@MainActor
package final class GObjectReference {
    /// The object, as the C API's `GObject *`, for the owning module's calls.
    package let pointer: OpaquePointer

    /// Takes over a reference the caller already owns (transfer full).
    package init(adopting pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Adds a reference of its own (for transfer-none results).
    package init(retaining pointer: OpaquePointer) {
        g_object_ref(UnsafeMutableRawPointer(pointer))
        self.pointer = pointer
    }

    /// Sinks a floating reference, or adds one if the object is not floating.
    package init(sinking pointer: OpaquePointer) {
        g_object_ref_sink(UnsafeMutableRawPointer(pointer))
        self.pointer = pointer
    }

    /// The object as a typed C pointer, for calls into the C API.
    package func cast<T>(to _: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutablePointer<T>(pointer)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }
}
