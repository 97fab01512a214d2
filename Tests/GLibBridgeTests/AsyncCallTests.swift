import CWebKitGTK
import Foundation
import Testing
import WebKitGTKTesting

@testable import GLibBridge

@MainActor
struct AsyncCallTests {
    /// A loopback listener, whose `accept` waits until a client connects.
    private func makeListener() throws -> (GObjectReference, UInt16) {
        let listener = GObjectReference(adopting: OpaquePointer(g_socket_listener_new()!))
        let port = try GLibError.check {
            g_socket_listener_add_any_inet_port(listener.cast(), nil, $0)
        }
        return (listener, port)
    }

    /// Accepts a connection on `listener`; `started` runs once the GIO call is under way.
    private func accept(_ listener: GObjectReference, started: @escaping () -> Void = {}) async throws -> Bool {
        try await gioCall { cancellable, callback, data in
            g_socket_listener_accept_async(listener.cast(), cancellable, callback, data)
            started()
        } finish: { _, result in
            let connection = try GLibError.check {
                g_socket_listener_accept_finish(listener.cast(), result, nil, $0)
            }
            g_object_unref(connection)
            return true
        }
    }

    @Test func aGIOCallCompletes() async throws {
        let (listener, port) = try makeListener()
        let accepted = Task { try await accept(listener) }
        let client = g_socket_client_new()!
        defer { g_object_unref(client) }
        let connection = try await gioCall { cancellable, callback, data in
            g_socket_client_connect_to_host_async(client, "127.0.0.1", port, cancellable, callback, data)
        } finish: { _, result in
            let connection = try GLibError.check { g_socket_client_connect_to_host_finish(client, result, $0) }
            return GObjectReference(adopting: OpaquePointer(connection!))
        }
        #expect(try await accepted.value)
        _ = connection
    }

    /// An awaited call costs its task one turn of the main loop, through the dispatch main
    /// queue, after its callback: nothing in the library adds more between the main actor
    /// and the callback (a task executor preference once added several turns a call).
    @Test func anAwaitedCallTakesOneTurnOfTheMainLoop() async throws {
        let calls = 50
        let before = MainLoop.mainQueueDrains
        for _ in 0..<calls {
            #expect(try await rootIsAFolder())
        }
        let turns = MainLoop.mainQueueDrains - before
        // One a call, with room for jobs of other tasks that share the loop.
        #expect(turns <= calls * 3 / 2, "\(turns) turns of the main queue for \(calls) calls")
    }

    /// `finish` runs in the calling task, after GLib's callback has returned and dropped
    /// its references: the call's source object and result are still there for it, and
    /// freed once it has run.
    @Test func finishSeesTheSourceAndResultOfACallbackThatHasReturned() async throws {
        let kind = "GMemoryInputStream"
        let before = LiveObjects.count(kind)
        var alive: Int?
        let value = try await gioCall { cancellable, callback, data in
            let source = g_memory_input_stream_new()!
            LiveObjects.track(OpaquePointer(source))
            // The task holds the only reference to the source, and returns from an idle
            // source that drops its own reference to the task once the callback returns.
            let task = g_task_new(source, cancellable, callback, data)
            g_object_unref(source)
            g_task_return_int(task, 42)
            g_object_unref(UnsafeMutableRawPointer(task))
        } finish: { source, result in
            alive = LiveObjects.count(kind) - before
            #expect(g_task_is_valid(UnsafeMutableRawPointer(result), source.map { UnsafeMutableRawPointer($0) }) != 0)
            return try GLibError.check { g_task_propagate_int(result, $0) }
        }
        #expect(value == 42)
        #expect(alive == 1)
        #expect(LiveObjects.count(kind) == before)
    }

    @Test func cancellingTheTaskCancelsTheGIOCall() async throws {
        let (listener, _) = try makeListener()
        var underWay = false
        let task = Task { try await accept(listener) { underWay = true } }
        await until("the accept is under way") { underWay }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    /// A call that GLib completes from an idle source with 1, through a `GTask` made with
    /// the call's cancellable; `start` sees that cancellable first.
    private func completeWithOne(
        _ start: @escaping (UnsafeMutablePointer<GCancellable>) -> Void = { _ in }
    ) async throws -> Int {
        try await gioCall { cancellable, callback, data in
            start(cancellable)
            let task = g_task_new(nil, cancellable, callback, data)
            g_task_return_int(task, 1)
            g_object_unref(UnsafeMutableRawPointer(task))
        } finish: { _, result in
            try GLibError.check { g_task_propagate_int(result, $0) }
        }
    }

    /// A finished call's cancellable, never cancelled, serves the next call: making and
    /// freeing one is a noticeable part of a short call.
    @Test func consecutiveCallsShareACancellable() async throws {
        // A mark on the object itself: a new cancellable may be made at a freed one's address.
        let mark = "lakes-test-first-call"
        func object(_ cancellable: UnsafeMutablePointer<GCancellable>) -> UnsafeMutablePointer<GObject> {
            UnsafeMutableRawPointer(cancellable).assumingMemoryBound(to: GObject.self)
        }
        #expect(try await completeWithOne { g_object_set_data(object($0), mark, $0) } == 1)
        for _ in 0..<2 {
            var marked = false
            #expect(try await completeWithOne { marked = g_object_get_data(object($0), mark) != nil } == 1)
            #expect(marked)
        }
    }

    /// A cancelled call's cancellable is never handed to a later call, which would then
    /// start out cancelled.
    @Test func aCallAfterACancelledOneStartsUncancelled() async throws {
        let cancelled = Task { try await completeWithOne() }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        let (listener, _) = try makeListener()
        var underWay = false
        let waiting = Task { try await accept(listener) { underWay = true } }
        await until("the accept is under way") { underWay }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        for _ in 0..<3 {
            var wasCancelled: Bool?
            #expect(try await completeWithOne { wasCancelled = g_cancellable_is_cancelled($0) != 0 } == 1)
            #expect(wasCancelled == false)
        }
    }

    @Test func aGErrorBecomesASwiftErrorWithItsDomainCodeAndMessage() throws {
        var contents: UnsafeMutablePointer<gchar>?
        let error = #expect(throws: GLibError.self) {
            try GLibError.check { g_file_get_contents("/nonexistent/lakes-test", &contents, nil, $0) }
        }
        #expect(contents == nil)
        #expect(error?.domain == "g-file-error-quark")
        #expect(error?.code == Int32(G_FILE_ERROR_NOENT.rawValue))
        #expect(error?.message.contains("/nonexistent/lakes-test") == true)
        #expect(error?.isCancellation == false)
    }

    @Test func aCallThatSucceedsThrowsNothing() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-glib-\(getpid())").path
        try "hello".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var contents: UnsafeMutablePointer<gchar>?
        let ok = try GLibError.check { g_file_get_contents(path, &contents, nil, $0) }
        defer { g_free(contents) }
        #expect(ok != 0)
        #expect(String(cString: contents!) == "hello")
    }
}

/// Asks GIO whether `/` is a folder (`g_file_query_info_async`): a call that completes
/// from a GLib callback on the main thread, and answers true.
@MainActor
func rootIsAFolder() async throws -> Bool {
    let root = GObjectReference(adopting: g_file_new_for_path("/"))
    return try await gioCall { cancellable, callback, data in
        g_file_query_info_async(
            root.pointer, "standard::type", G_FILE_QUERY_INFO_NONE, G_PRIORITY_DEFAULT, cancellable, callback, data)
    } finish: { _, result in
        let info = try GLibError.check { g_file_query_info_finish(root.pointer, result, $0) }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        return g_file_info_get_file_type(info) == G_FILE_TYPE_DIRECTORY
    }
}
