internal import CWebKitGTK

/// The values of one signal emission, valid only while the handler runs.
///
/// It is read synchronously on the emitting (main) thread and must not be kept. Index 0 is
/// the emitting instance; the signal's own parameters follow in the order its
/// documentation gives. Each accessor reads the `GValue` with the getter for its type.
package struct SignalArguments: @unchecked Sendable {
    let values: UnsafePointer<GValue>
    /// How many values the emission carries, the instance included.
    package let count: Int

    init(values: UnsafePointer<GValue>, count: Int) {
        self.values = values
        self.count = count
    }

    private func value(_ index: Int) -> UnsafePointer<GValue> {
        precondition(index < count, "signal has \(count) values, asked for \(index)")
        return values + index
    }

    /// A `GObject` parameter (transfer none: retain it to keep it).
    package func object(_ index: Int) -> OpaquePointer? {
        g_value_get_object(value(index)).map(OpaquePointer.init)
    }

    /// A boxed or plain pointer parameter (transfer none).
    package func pointer(_ index: Int) -> OpaquePointer? {
        let v = value(index)
        if cwk_value_holds_boxed(v) != 0 {
            return g_value_get_boxed(v).map(OpaquePointer.init)
        }
        return g_value_peek_pointer(v).map(OpaquePointer.init)
    }

    /// Whether a parameter holds a GObject (rather than a boxed value).
    package func isObject(_ index: Int) -> Bool { cwk_value_holds_object(value(index)) != 0 }

    /// An enum parameter, as its raw C value.
    package func enumValue(_ index: Int) -> Int32 { g_value_get_enum(value(index)) }

    /// A flags parameter, as its raw C value.
    package func flags(_ index: Int) -> UInt32 { g_value_get_flags(value(index)) }

    /// A `gboolean` parameter.
    package func bool(_ index: Int) -> Bool { g_value_get_boolean(value(index)) != 0 }

    /// A `guint` parameter.
    package func uint(_ index: Int) -> UInt32 { g_value_get_uint(value(index)) }

    /// A `gint` parameter.
    package func int(_ index: Int) -> Int32 { g_value_get_int(value(index)) }

    /// A `gdouble` parameter.
    package func double(_ index: Int) -> Double { g_value_get_double(value(index)) }

    /// A string parameter, copied.
    package func string(_ index: Int) -> String? { String(optionalCString: g_value_get_string(value(index))) }
}

/// A live connection of a Swift closure to a GObject signal; `disconnect()` ends it.
///
/// The closure is retained once when connected and released when GLib frees the
/// connection's closure: on `disconnect()`, or when the object is finalized, whichever
/// comes first. The connection holds only a weak reference to the object, so it never
/// keeps the object alive; disconnecting after the object died does nothing. Dropping the
/// last reference to a connection disconnects it.
@MainActor
package final class SignalConnection {
    private let weakObject: UnsafeMutablePointer<GWeakRef>
    private var handlerID: gulong

    fileprivate init(object: UnsafeMutablePointer<GObject>, handlerID: gulong) {
        weakObject = .allocate(capacity: 1)
        weakObject.initialize(to: GWeakRef())
        g_weak_ref_init(weakObject, object)
        self.handlerID = handlerID
        LiveObjects.created("SignalConnection")
    }

    /// Whether the handler is still connected to a living object.
    package var isConnected: Bool {
        guard handlerID != 0, let object = g_weak_ref_get(weakObject) else { return false }
        defer { g_object_unref(object) }
        return g_signal_handler_is_connected(object, handlerID) != 0
    }

    /// Keeps the handler connected for the object's whole life, however this connection
    /// object is dropped.
    package func keepForever() {
        handlerID = 0
    }

    /// Disconnects the handler, releasing its closure. Safe to call more than once.
    package func disconnect() {
        guard handlerID != 0 else { return }
        if let object = g_weak_ref_get(weakObject) {
            if g_signal_handler_is_connected(object, handlerID) != 0 {
                g_signal_handler_disconnect(object, handlerID)
            }
            g_object_unref(object)
        }
        handlerID = 0
    }

    isolated deinit {
        disconnect()
        g_weak_ref_clear(weakObject)
        weakObject.deallocate()
        LiveObjects.destroyed("SignalConnection")
    }
}

extension GObjectReference {
    /// Connects `handler` to the signal `name` (for example `"load-changed"` or
    /// `"notify::title"`) and returns the connection.
    ///
    /// The handler runs on the main actor with the emission's values; a handler of a
    /// signal that returns `gboolean` returns `true` or `false`, others return `nil`.
    /// - Precondition: the object has a signal of that name.
    @discardableResult
    package func connect(
        _ name: String,
        after: Bool = false,
        _ handler: @escaping @MainActor (SignalArguments) -> Bool?
    ) -> SignalConnection {
        connectClosure(
            name, after: after, handler: { arguments in handler(arguments).map(SignalResult.bool) ?? .unchanged })
    }

    /// Connects `handler` to a signal that returns a `gint`, such as GApplication's
    /// `handle-local-options`.
    @discardableResult
    package func connect(
        _ name: String,
        returningInt handler: @escaping @MainActor (SignalArguments) -> Int32
    ) -> SignalConnection {
        connectClosure(name, after: false, handler: { arguments in .int(handler(arguments)) })
    }

    /// Connects `handler` to a signal that returns a `GObject`, such as a `create` signal
    /// that answers with a new widget. The handler returns the object without a reference
    /// of its own (transfer none), or nil.
    @discardableResult
    package func connect(
        _ name: String,
        returningObject handler: @escaping @MainActor (SignalArguments) -> OpaquePointer?
    ) -> SignalConnection {
        connectClosure(name, after: false, handler: { arguments in .object(handler(arguments)) })
    }

    private func connectClosure(_ name: String, after: Bool, handler: @escaping SignalHandler) -> SignalConnection {
        let object = UnsafeMutablePointer<GObject>(pointer)
        let data = CallbackBox<SignalHandler>(handler).retainedPointer()
        LiveObjects.created(LiveObjects.signalHandler)
        let closure = g_closure_new_simple(guint(MemoryLayout<GClosure>.size), data)!
        g_closure_set_marshal(closure, Trampoline.signalMarshal)
        g_closure_add_finalize_notifier(closure, data, Trampoline.signalClosureFinalized)
        let id = g_signal_connect_closure(object, name, closure, after ? cwk_true : cwk_false)
        if id == 0 {
            g_closure_sink(closure)
            preconditionFailure("no signal \"\(name)\" on \(String(cString: G_OBJECT_TYPE_NAME_shim(object)))")
        }
        return SignalConnection(object: object, handlerID: id)
    }
}

private func G_OBJECT_TYPE_NAME_shim(_ object: UnsafeMutablePointer<GObject>) -> UnsafePointer<CChar> {
    g_type_name(object.pointee.g_type_instance.g_class.pointee.g_type)
}
