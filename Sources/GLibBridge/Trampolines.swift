internal import CWebKitGTK

// The only place in the package that writes `@convention(c)`.
//
// Every C callback that GLib, GIO or GTK calls back into Swift goes through one of the
// functions below. Each takes its Swift state from a box passed as `gpointer` with
// `Unmanaged.passRetained`, and the box is released exactly once: by the matching destroy
// notify, or, for one-shot callbacks, by the callback itself.

/// A retained Swift value that travels through C as a `gpointer`.
///
/// GLib calls every callback in this package on the thread that runs the main context,
/// which is the main actor's thread, so a box is never touched by two threads at once.
final class CallbackBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }

    /// Retains the box once and returns the pointer to hand to C.
    func retainedPointer() -> gpointer { Unmanaged.passRetained(self).toOpaque() }

    /// Borrows the box behind a pointer without changing its retain count.
    static func borrow(_ pointer: gpointer) -> CallbackBox<Value> {
        Unmanaged<CallbackBox<Value>>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Takes back the retain made by `retainedPointer()`.
    static func release(_ pointer: gpointer) {
        Unmanaged<CallbackBox<Value>>.fromOpaque(pointer).release()
    }
}

enum Trampoline {
    /// The marshaller of every signal closure: hands the emission's values to the box's handler.
    static let signalMarshal: GClosureMarshal = { closure, returnValue, count, values, _, _ in
        guard let closure, let data = closure.pointee.data, let values else { return }
        let box = CallbackBox<SignalHandler>.borrow(data)
        let arguments = SignalArguments(values: values, count: Int(count))
        let result = assumeMainActor { box.value(arguments) }
        guard let returnValue else { return }
        switch result {
        case .unchanged: break
        case .bool(let value):
            if returnValue.pointee.g_type == cwk_type_boolean() {
                g_value_set_boolean(returnValue, value ? cwk_true : cwk_false)
            }
        case .int(let value):
            if returnValue.pointee.g_type == cwk_type_int() { g_value_set_int(returnValue, value) }
        case .object(let object):
            if g_type_is_a(returnValue.pointee.g_type, cwk_type_object()) != 0 {
                g_value_set_object(returnValue, object.map { UnsafeMutableRawPointer($0) })
            }
        }
    }

    /// Runs when GLib frees a signal closure: on disconnect, or when the object is finalized.
    static let signalClosureFinalized: GClosureNotify = { data, _ in
        if let data { CallbackBox<SignalHandler>.release(data) }
        LiveObjects.destroyed(LiveObjects.signalHandler)
    }

    /// A `GWeakNotify` of ``LiveObjects/track(_:)``: the object is finalized; counts it down
    /// under the kind in its box, and releases the box.
    static let trackedObjectFinalized: GWeakNotify = { data, _ in
        guard let data else { return }
        let box = Unmanaged<CallbackBox<String>>.fromOpaque(data).takeRetainedValue()
        LiveObjects.destroyed(box.value)
    }

    /// A one-shot `GAsyncReadyCallback`: calls the box once and releases it.
    static let asyncReady: GAsyncReadyCallback = { source, result, data in
        guard let data, let result else { return }
        let box = Unmanaged<CallbackBox<AsyncReadyHandler>>.fromOpaque(data).takeRetainedValue()
        box.value(source.map { OpaquePointer($0) }, result)
    }

    /// A repeating `GSourceFunc` whose box is released by `destroyNotify`.
    static let sourceFunction: GSourceFunc = { data in
        guard let data else { return cwk_source_remove }
        let keep = CallbackBox<SourceHandler>.borrow(data).value()
        return keep ? cwk_source_continue : cwk_source_remove
    }

    /// A repeating `GUnixFDSourceFunc` whose box is released by `destroyNotify`.
    static let unixFDSourceFunction: GUnixFDSourceFunc = { _, _, data in
        guard let data else { return cwk_source_remove }
        let keep = CallbackBox<SourceHandler>.borrow(data).value()
        return keep ? cwk_source_continue : cwk_source_remove
    }

    /// Releases a `CallbackBox<SourceHandler>` when its GSource is destroyed.
    static let sourceDestroyNotify: GDestroyNotify = { data in
        if let data { CallbackBox<SourceHandler>.release(data) }
    }

    /// A `GFunc` that hands its first argument, the pointer a C API calls back with (such as
    /// the object of a request), to the box's handler. The box is released by
    /// `pointerDestroyNotify` when the API is done with the callback.
    static let pointerFunction: GFunc = { pointer, data in
        guard let pointer, let data else { return }
        let box = CallbackBox<PointerHandler>.borrow(data)
        let held = UncheckedSendable(OpaquePointer(pointer))
        assumeMainActor { box.value(held.value) }
    }

    static let pointerDestroyNotify: GDestroyNotify = { data in
        if let data { CallbackBox<PointerHandler>.release(data) }
    }

    /// A pull stream's need-data callback: runs the box's `needData`. The box is released
    /// by `pullStreamOwnerReleased` when the stream is finalized or its owner lets go.
    static let pullStreamNeedData: @convention(c) (gpointer?) -> Void = { data in
        guard let data else { return }
        let box = CallbackBox<PullStreamCallbacks>.borrow(data)
        assumeMainActor { box.value.needData() }
    }

    /// A pull stream's abandoned callback: runs the box's `abandoned`.
    static let pullStreamAbandoned: @convention(c) (gpointer?) -> Void = { data in
        guard let data else { return }
        let box = CallbackBox<PullStreamCallbacks>.borrow(data)
        assumeMainActor { box.value.abandoned() }
    }

    static let pullStreamOwnerReleased: GDestroyNotify = { data in
        if let data { CallbackBox<PullStreamCallbacks>.release(data) }
    }

    /// A ``WriteFunction``: appends what it is given to the box's bytes, and returns 0
    /// (success), or 1 without a closure. The box is released by ``collectWrites(_:)`` once
    /// the writer is done.
    static let write: WriteFunction = { closure, bytes, length in
        guard let closure else { return 1 }
        if let bytes, length > 0 {
            CallbackBox<WrittenBytes>.borrow(closure).value.data.append(bytes, count: Int(length))
        }
        return 0
    }

}

typealias SignalHandler = @MainActor (SignalArguments) -> SignalResult

/// A C write callback: `int (*)(void *closure, const unsigned char *data, unsigned int
/// length)`, which returns 0 for success (see ``collectWrites(_:)``).
package typealias WriteFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UInt32) -> UInt32

/// What a pull stream calls its owner for: a reader waits and nothing is buffered; the
/// reader went away before the end.
struct PullStreamCallbacks {
    let needData: @MainActor () -> Void
    let abandoned: @MainActor () -> Void
}

/// What a signal handler hands back to the emission. (It crosses no thread: handlers run
/// and return on the main thread; the object pointer is only passed through.)
enum SignalResult: @unchecked Sendable {
    /// Nothing: the signal returns nothing, or the handler leaves the value as it is.
    case unchanged
    /// A `gboolean` result.
    case bool(Bool)
    /// A `gint` result.
    case int(Int32)
    /// A `GObject` result, transfer none (the emission takes its own reference).
    case object(OpaquePointer?)
}
typealias AsyncReadyHandler = (_ source: OpaquePointer?, _ result: OpaquePointer) -> Void
typealias SourceHandler = () -> Bool
typealias PointerHandler = @MainActor (_ pointer: OpaquePointer) -> Void
