import CWebKitGTK
import Foundation
import Testing

@testable import GLibBridge

/// Counts deinitialisations, to show that a signal's closure was released.
@MainActor
final class DeinitCounter {
    private(set) var count = 0
    func token() -> Token { Token(self) }

    @MainActor
    final class Token {
        let counter: DeinitCounter
        init(_ counter: DeinitCounter) { self.counter = counter }
        isolated deinit { counter.count += 1 }
    }
}

@MainActor
struct SignalTests {
    /// A fresh GObject with a signal to emit: a GCancellable and its "cancelled".
    private func makeCancellable() -> GObjectReference {
        GObjectReference(adopting: OpaquePointer(g_cancellable_new()!))
    }

    @Test func aHandlerRunsWithTheEmissionsValues() {
        let object = makeCancellable()
        var calls = 0
        var sawInstance = false
        let connection = object.connect("cancelled") { arguments in
            calls += 1
            sawInstance = arguments.object(0) == object.pointer && arguments.count == 1
            return nil
        }
        g_cancellable_cancel(object.cast())
        #expect(calls == 1)
        #expect(sawInstance)
        #expect(connection.isConnected)
    }

    @Test func disconnectingReleasesTheClosureOnce() {
        let counter = DeinitCounter()
        let object = makeCancellable()
        var calls = 0
        do {
            let token = counter.token()
            let connection = object.connect("cancelled") { _ in
                _ = token
                calls += 1
                return nil
            }
            #expect(counter.count == 0)
            connection.disconnect()
            connection.disconnect()
            #expect(!connection.isConnected)
        }
        #expect(counter.count == 1)
        g_cancellable_cancel(object.cast())
        #expect(calls == 0)
    }

    @Test func theObjectDyingReleasesTheClosure() {
        let counter = DeinitCounter()
        var object: GObjectReference? = makeCancellable()
        let connection: SignalConnection
        do {
            let token = counter.token()
            connection = object!.connect("cancelled") { _ in
                _ = token
                return nil
            }
        }
        #expect(counter.count == 0)
        object = nil  // the only reference: the object is finalized
        #expect(counter.count == 1)
        #expect(!connection.isConnected)
        connection.disconnect()  // harmless after the object died
        #expect(counter.count == 1)
    }

    @Test func droppingTheConnectionDisconnects() {
        let counter = DeinitCounter()
        let object = makeCancellable()
        do {
            let token = counter.token()
            _ = object.connect("cancelled") { _ in
                _ = token
                return nil
            }
        }
        #expect(counter.count == 1)
    }

    @Test func aBooleanSignalGetsItsHandlersAnswer() {
        // GtkWidget::delete-event returns gboolean: TRUE stops the window from closing.
        gtk_init_check(nil, nil)
        let window = GObjectReference(sinking: OpaquePointer(gtk_window_new(GTK_WINDOW_TOPLEVEL)!))
        defer { gtk_widget_destroy(window.cast()) }
        let connection = window.connect("delete-event") { _ in true }
        var event = GdkEvent()
        event.any.type = GDK_DELETE
        var values = [GValue(), GValue()]
        g_value_init(&values[0], gtk_window_get_type())
        g_value_set_object(&values[0], UnsafeMutableRawPointer(window.pointer))
        g_value_init(&values[1], gdk_event_get_type())
        withUnsafeMutablePointer(to: &event) { g_value_set_boxed(&values[1], $0) }
        var handled = GValue()
        g_value_init(&handled, cwk_type_boolean())
        g_signal_emitv(&values, g_signal_lookup("delete-event", gtk_widget_get_type()), 0, &handled)
        #expect(g_value_get_boolean(&handled) != 0)
        g_value_unset(&values[0])
        g_value_unset(&values[1])
        connection.disconnect()
    }

    @Test func anObjectSignalGetsItsHandlersObject() {
        // GtkNotebook::create-window returns the GtkNotebook a dragged-out page moves to.
        gtk_init_check(nil, nil)
        let notebook = GObjectReference(sinking: OpaquePointer(gtk_notebook_new()!))
        let other = GObjectReference(sinking: OpaquePointer(gtk_notebook_new()!))
        let child = GObjectReference(sinking: OpaquePointer(gtk_label_new("page")!))
        defer { [notebook, other, child].forEach { gtk_widget_destroy($0.cast()) } }
        var sawPage = false
        let references = { UnsafeMutablePointer<GObject>(other.pointer).pointee.ref_count }
        let referencesBefore = references()
        let connection = notebook.connect(
            "create-window",
            returningObject: { arguments in
                sawPage = arguments.object(1) == child.pointer && arguments.int(2) == 10
                return other.pointer
            })
        var values = [GValue(), GValue(), GValue(), GValue()]
        g_value_init(&values[0], gtk_notebook_get_type())
        g_value_set_object(&values[0], UnsafeMutableRawPointer(notebook.pointer))
        g_value_init(&values[1], gtk_widget_get_type())
        g_value_set_object(&values[1], UnsafeMutableRawPointer(child.pointer))
        for index in 2...3 {
            g_value_init(&values[index], cwk_type_int())
            g_value_set_int(&values[index], 10)
        }
        var result = GValue()
        g_value_init(&result, gtk_notebook_get_type())
        g_signal_emitv(&values, g_signal_lookup("create-window", gtk_notebook_get_type()), 0, &result)
        #expect(OpaquePointer(g_value_get_object(&result)) == other.pointer)
        #expect(sawPage)
        g_value_unset(&result)
        #expect(references() == referencesBefore)  // the emission's own reference was given back
        for index in values.indices { g_value_unset(&values[index]) }
        connection.disconnect()
    }

    @Test func theMainThreadIsToldFromOthers() async {
        #expect(isOnMainThread)
        let elsewhere = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: isOnMainThread) }
        }
        #expect(!elsewhere)
        #expect(isOnMainThread)
    }

    @Test func aSignalEmittedOnAnotherThreadStopsTheProgramBeforeItsHandlerRuns() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let object = GObjectReference(adopting: OpaquePointer(g_cancellable_new()!))
                let connection = object.connect("cancelled") { _ in
                    FileHandle.standardError.write(Data("the handler ran\n".utf8))
                    return nil
                }
                let cancellable = UncheckedSendable(object.pointer)
                let finished = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    g_cancellable_cancel(UnsafeMutablePointer(cancellable.value))
                    finished.signal()
                }
                finished.wait()
                FileHandle.standardError.write(Data("the emission returned\n".utf8))
                withExtendedLifetime(connection) {}
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("not the main thread"))
        #expect(!message.contains("the handler ran"))
        #expect(!message.contains("the emission returned"))
    }
}
