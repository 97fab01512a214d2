internal import CWebKitGTK
import Foundation
import GLibBridge

/// Keeps the `JSCContext` of the values WebKit hands the app from one value to the next.
///
/// WebKitGTK hands every message body and every call's result over as a `JSCValue` in one
/// JavaScript context of the app's process, which it keeps while values come (and drops
/// once none has come for 10 s). The `JSCContext` object around that context is another
/// matter: WebKit makes one for each value, and it is freed with the value. Making one
/// names it, registers it with its virtual machine and retains the context, and freeing it
/// undoes all of that (BENCHMARKS.md, "A value's `JSCContext` is kept for the next value").
/// While a value's `JSCContext` is kept, WebKit finds it and makes none.
///
/// It is kept while values keep coming, and let go of once none has come for
/// ``idleLimit``, as WebKit lets go of the context itself.
@MainActor
enum ValueContext {
    /// How long the context is kept after the last value: WebKit's own limit for the
    /// context it keeps. Tests shorten it.
    static var idleLimit = Duration.seconds(10)

    /// The kept `JSCContext`, with a reference of its own.
    private(set) static var kept: GObjectReference?
    /// When the last value came.
    private static var lastUse = ContinuousClock.now
    /// The task that lets go of ``kept`` once values stop coming.
    private static var release: Task<Void, Never>?

    /// Keeps the context `value` belongs to, letting go of one kept before.
    static func keep(contextOf value: UnsafeMutablePointer<JSCValue>) {
        guard let context = jsc_value_get_context(value) else { return }
        lastUse = .now
        guard OpaquePointer(context) != kept?.pointer else { return }
        kept = GObjectReference(retaining: OpaquePointer(context))
        if release == nil {
            release = Task { await releaseWhenIdle() }
        }
    }

    /// Lets go of the kept context now. Tests use it to start with none kept.
    static func letGo() {
        release?.cancel()
        release = nil
        kept = nil
    }

    /// Sleeps until no value has come for ``idleLimit``, then lets go of the context. A
    /// value that comes meanwhile only moves ``lastUse``, so a stream of values costs no
    /// timer of its own, as with WebKit's own timer.
    private static func releaseWhenIdle() async {
        while true {
            let idle = ContinuousClock.now - lastUse
            guard idle < idleLimit else { break }
            do {
                try await Task.sleep(for: idleLimit - idle)
            } catch {
                return
            }
        }
        release = nil
        kept = nil
    }
}
