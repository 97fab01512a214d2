package import CWebKitGTK
import Foundation

/// A `GCancellable` that may be cancelled from any thread, as GIO allows.
private final class Cancellable: @unchecked Sendable {
    let pointer = g_cancellable_new()!
    func cancel() { g_cancellable_cancel(pointer) }
    deinit { g_object_unref(pointer) }
}

/// Runs a GIO-style asynchronous call as `async throws`.
///
/// `start` begins the call with a `GCancellable` and a ready callback plus its user data;
/// `finish` is called with the call's source object and `GAsyncResult` when it completes,
/// and turns them into the result (usually by calling the matching `_finish` function
/// through ``GLibError/check(_:)``). Cancelling the calling Task cancels the
/// `GCancellable`, and the call then throws `CancellationError`.
///
///     let connection = try await gioCall { cancellable, callback, data in
///         g_socket_listener_accept_async(listener, cancellable, callback, data)
///     } finish: { _, result in
///         try GLibError.check { g_socket_listener_accept_finish(listener, result, nil, $0) }
///     }
@MainActor
package func gioCall<Result: Sendable>(
    _ start: (
        _ cancellable: UnsafeMutablePointer<GCancellable>, _ callback: GAsyncReadyCallback, _ data: gpointer
    ) -> Void,
    finish: @escaping @MainActor (_ source: OpaquePointer?, _ result: OpaquePointer) throws -> Result
) async throws -> Result {
    MainLoop.ensureDriven()
    let cancellable = Cancellable()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, any Error>) in
            let handler: AsyncReadyHandler = { source, result in
                assumeMainActor {
                    let outcome: Swift.Result<Result, any Error>
                    do {
                        outcome = .success(try finish(source, result))
                    } catch let error as GLibError where error.isCancellation {
                        outcome = .failure(CancellationError())
                    } catch {
                        outcome = .failure(error)
                    }
                    // The task goes on in this function, on the main actor.
                    resumingOnMainActor { continuation.resume(with: outcome) }
                }
            }
            let data = CallbackBox<AsyncReadyHandler>(handler).retainedPointer()
            start(cancellable.pointer, Trampoline.asyncReady, data)
        }
    } onCancel: {
        cancellable.cancel()
    }
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
