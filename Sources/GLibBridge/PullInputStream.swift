internal import CPullStream
internal import CWebKitGTK
import Foundation

/// A `GInputStream` fed from Swift one chunk at a time, when its reader asks.
///
/// The reader (WebKit, for a scheme response) reads asynchronously; when it waits and
/// nothing is buffered, ``onNeedData`` runs and the owner answers with exactly one of
/// ``push(_:)``, ``finish()`` or ``fail(_:)``. Nothing is read ahead, so a producer that
/// awaits its next chunk in ``onNeedData`` never holds more than one chunk in memory.
/// ``onAbandoned`` runs once if the reader goes away before the end.
///
/// Once the stream is handed to its reader, call ``handOver()``: from then on this object
/// holds it only weakly, so that a reader that drops the stream without closing it still
/// finalizes it, and ``onAbandoned`` still runs.
@MainActor
package final class PullInputStream {
    /// The `GInputStream *`, for handing to C; nil after ``handOver()``.
    package private(set) var object: GObjectReference?
    private let weakObject: UnsafeMutablePointer<GWeakRef>
    /// Runs when the reader waits for data.
    package var onNeedData: @MainActor () -> Void = {}
    /// Runs once if the reader cancels its read, or closes or drops the stream early.
    package var onAbandoned: @MainActor () -> Void = {}

    package init() {
        let object = GObjectReference(adopting: OpaquePointer(cwk_pull_stream_new()!))
        self.object = object
        weakObject = .allocate(capacity: 1)
        weakObject.initialize(to: GWeakRef())
        g_weak_ref_init(weakObject, UnsafeMutableRawPointer(object.pointer))
        // The stream calls back through a box whose closures hold this object weakly; the
        // box is released when the stream is finalized or this object lets go of it.
        let callbacks = PullStreamCallbacks(
            needData: { [weak self] in self?.onNeedData() }, abandoned: { [weak self] in self?.onAbandoned() })
        var owner = CwkPullStreamOwner(
            need_data: Trampoline.pullStreamNeedData, abandoned: Trampoline.pullStreamAbandoned)
        cwk_pull_stream_set_owner(
            object.pointer, &owner, CallbackBox(callbacks).retainedPointer(), Trampoline.pullStreamOwnerReleased)
    }

    /// Gives up this object's strong reference: the reader now owns the stream.
    package func handOver() {
        object = nil
    }

    /// Calls `body` with the stream if it still exists.
    private func withStream(_ body: (OpaquePointer) -> Void) {
        guard let stream = g_weak_ref_get(weakObject) else { return }
        defer { g_object_unref(stream) }
        body(OpaquePointer(stream))
    }

    /// Hands `data` to the reader; an empty chunk makes the stream ask again.
    package func push(_ data: Data) {
        withStream { stream in
            let bytes = makeGBytes(copying: data)
            cwk_pull_stream_push(stream, bytes)
            g_bytes_unref(bytes)
        }
    }

    /// Ends the stream after what was pushed.
    package func finish() {
        withStream { cwk_pull_stream_finish($0) }
    }

    /// Fails the reader's read with `error` (a `GLibError` keeps its domain and code;
    /// other errors become `G_IO_ERROR_FAILED` with their description).
    package func fail(_ error: any Error) {
        let glibError =
            error as? GLibError
            ?? GLibError(
                domain: String(cString: g_quark_to_string(cwk_io_error_quark())),
                code: Int32(G_IO_ERROR_FAILED.rawValue), message: String(describing: error))
        withStream { cwk_pull_stream_fail($0, glibError.copyGError()) }
    }

    /// The bytes handed to the reader so far (0 once the stream is gone).
    package var bytesRead: UInt64 {
        var count: UInt64 = 0
        withStream { count = UInt64(cwk_pull_stream_get_bytes_read($0)) }
        return count
    }

    isolated deinit {
        withStream { cwk_pull_stream_set_owner($0, nil, nil, nil) }
        g_weak_ref_clear(weakObject)
        weakObject.deallocate()
    }
}
