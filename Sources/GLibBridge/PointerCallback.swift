package import CWebKitGTK

/// Hands `register` a C callback that passes the pointer it is called with to `handler` on
/// the main actor, with the user data and the destroy notify that go beside it.
///
/// It serves C APIs that keep a callback of the shape `void (*)(T *object, gpointer
/// user_data)`, which is a `GFunc`'s, and free its data with a `GDestroyNotify` once done
/// with it. The data is retained once here and released by that destroy notify, so
/// `register` hands all three to exactly one such API. An API that names its own callback
/// type takes the function through `unsafeBitCast`, as C casts with `G_CALLBACK`:
///
///     withPointerCallback({ request in answer(request) }) { function, data, destroy in
///         webkit_web_context_register_uri_scheme(
///             context, "app", unsafeBitCast(function, to: WebKitURISchemeRequestCallback.self), data, destroy)
///     }
///
/// - Parameters:
///   - handler: Gets each pointer the callback is called with, on the main actor.
///   - register: Hands the callback, its data and their destroy notify to the C API.
package func withPointerCallback(
    _ handler: @escaping @MainActor (_ pointer: OpaquePointer) -> Void,
    register: (_ function: GFunc, _ data: gpointer, _ destroy: GDestroyNotify) -> Void
) {
    let data = CallbackBox<PointerHandler>(handler).retainedPointer()
    register(Trampoline.pointerFunction, data, Trampoline.pointerDestroyNotify)
}
