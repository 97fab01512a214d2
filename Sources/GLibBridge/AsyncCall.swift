package import CWebKitGTK
import Foundation

/// A `GCancellable` that may be cancelled from any thread, as GIO allows.
private final class Cancellable: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<GCancellable>
    init(_ pointer: UnsafeMutablePointer<GCancellable>) { self.pointer = pointer }
    func cancel() { g_cancellable_cancel(pointer) }
    deinit { g_object_unref(pointer) }
}

/// The `GCancellable`s of finished calls that were never cancelled, for the next calls.
///
/// GIO lets one cancellable serve consecutive operations; only one that has been cancelled
/// must not be used again. Keeping them spares each call the making and freeing of a
/// `GObject` (BENCHMARKS.md, "An awaited GIO call keeps its `GCancellable`").
@MainActor
private enum SpareCancellables {
    private static var spare: [Cancellable] = []
    /// Enough for the calls a program usually has waiting at once.
    private static let limit = 8

    static func take() -> Cancellable {
        spare.popLast() ?? Cancellable(g_cancellable_new())
    }

    /// Keeps `cancellable` for another call, unless it was cancelled. Call it only once
    /// no cancellation handler can reach it any more.
    static func giveBack(_ cancellable: Cancellable) {
        guard spare.count < limit, g_cancellable_is_cancelled(cancellable.pointer) == 0 else { return }
        spare.append(cancellable)
    }
}

/// Runs a GIO-style asynchronous call as `async throws`.
///
/// `start` begins the call with a `GCancellable` and a ready callback plus its user data;
/// `finish` is called with the call's source object and `GAsyncResult` once it has
/// completed, back in the calling task, and turns them into the result (usually by calling
/// the matching `_finish` function through ``GLibError/check(_:)``). Cancelling the calling
/// Task cancels the `GCancellable`, and the call then throws `CancellationError`.
///
///     let connection = try await gioCall { cancellable, callback, data in
///         g_socket_listener_accept_async(listener, cancellable, callback, data)
///     } finish: { _, result in
///         try GLibError.check { g_socket_listener_accept_finish(listener, result, nil, $0) }
///     }
@MainActor
package func gioCall<Result>(
    _ start: (
        _ cancellable: UnsafeMutablePointer<GCancellable>, _ callback: GAsyncReadyCallback, _ data: gpointer
    ) -> Void,
    finish: @MainActor (_ source: OpaquePointer?, _ result: OpaquePointer) throws -> Result
) async throws -> Result {
    // Only this part is generic. The wait and its continuation are not, so that the runtime
    // looks up no generic metadata for them on each call (BENCHMARKS.md, "An awaited GIO
    // call looks up no generic metadata").
    let completed = await completion(of: start)
    defer { completed.release() }
    do {
        return try finish(completed.source, completed.result)
    } catch let error as GLibError where error.isCancellation {
        throw CancellationError()
    }
}

/// What the ready callback of a GIO-style call was given: the call's source object and its
/// `GAsyncResult`, each with a reference of its own until ``release()``.
private struct Completion: @unchecked Sendable {
    let source: OpaquePointer?
    let result: OpaquePointer

    init(retaining source: OpaquePointer?, _ result: OpaquePointer) {
        if let source { g_object_ref(UnsafeMutableRawPointer(source)) }
        g_object_ref(UnsafeMutableRawPointer(result))
        self.source = source
        self.result = result
    }

    func release() {
        g_object_unref(UnsafeMutableRawPointer(result))
        if let source { g_object_unref(UnsafeMutableRawPointer(source)) }
    }
}

/// Starts a GIO-style call and waits for its ready callback; a cancelled task cancels the
/// call, which then completes with a cancellation error.
@MainActor
private func completion(
    of start: (UnsafeMutablePointer<GCancellable>, GAsyncReadyCallback, gpointer) -> Void
) async -> Completion {
    MainLoop.ensureDriven()
    let cancellable = SpareCancellables.take()
    let completed = await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Completion, Never>) in
            let handler: AsyncReadyHandler = { source, result in
                let completed = Completion(retaining: source, result)
                // The task goes on in `gioCall`, on the main actor.
                assumeMainActor { resumingOnMainActor { continuation.resume(returning: completed) } }
            }
            start(cancellable.pointer, Trampoline.asyncReady, CallbackBox(handler).retainedPointer())
        }
    } onCancel: {
        cancellable.cancel()
    }
    // The call has completed, and the handler is gone: a cancel that was under way has
    // finished, so the cancellable is cancelled now or never will be by this call.
    SpareCancellables.giveBack(cancellable)
    return completed
}

/// Reads a `GInputStream` to its end, 64 KiB at a time, without blocking the main loop
/// (`g_input_stream_read_bytes_async`).
///
/// - Throws: The stream's `GLibError`, or `CancellationError` when the task is cancelled.
@MainActor
package func readAll(of stream: GObjectReference) async throws -> Data {
    var data = Data()
    while true {
        let chunk: Data = try await gioCall { cancellable, callback, userData in
            g_input_stream_read_bytes_async(stream.cast(), 65536, G_PRIORITY_DEFAULT, cancellable, callback, userData)
        } finish: { _, result in
            let bytes = try GLibError.check { g_input_stream_read_bytes_finish(stream.cast(), result, $0) }
            defer { g_bytes_unref(bytes) }
            var size: gsize = 0
            guard let pointer = g_bytes_get_data(bytes, &size), size > 0 else { return Data() }
            return Data(bytes: pointer, count: Int(size))
        }
        if chunk.isEmpty { return data }
        data.append(chunk)
    }
}
