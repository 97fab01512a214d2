internal import CWebKitGTK
import GLibBridge

/// Registers `handler` for `scheme` on a `WebKitWebContext`, as secure and CORS-enabled,
/// so that its pages are a secure context and may `fetch` each other.
///
/// The handler gets each `WebKitURISchemeRequest *` (transfer none) on the main actor.
/// WebKitGTK keeps one handler per scheme per context, for the context's lifetime.
@MainActor
func registerURIScheme(
    _ scheme: String, on context: GObjectReference, _ handler: @escaping @MainActor (OpaquePointer) -> Void
) {
    let webContext = context.cast(to: WebKitWebContext.self)
    withPointerCallback(handler) { function, data, destroy in
        // A `WebKitURISchemeRequestCallback` is a `GFunc` whose first argument is the request.
        let callback = unsafeBitCast(function, to: WebKitURISchemeRequestCallback.self)
        webkit_web_context_register_uri_scheme(webContext, scheme, callback, data, destroy)
    }
    let security = webkit_web_context_get_security_manager(webContext)
    webkit_security_manager_register_uri_scheme_as_secure(security, scheme)
    webkit_security_manager_register_uri_scheme_as_cors_enabled(security, scheme)
}
