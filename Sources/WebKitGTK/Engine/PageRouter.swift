internal import CWebKitGTK
import Foundation
import GLibBridge

/// Routes what WebKitGTK reports per web context (custom-scheme requests, downloads) to
/// the page whose view it concerns.
///
/// WebKitGTK registers a scheme once per web context, for all of that context's pages.
/// Pages with different handlers for one scheme therefore share one registration, and
/// each request is sent to the handler of the page whose view asked. This costs no extra
/// web context, and so no extra network process: pages keep sharing their data store.
@MainActor
enum PageRouter {
    private static var pages: [UInt: WeakPage] = [:]
    private static var tasks: [ObjectIdentifier: URLSchemeTask] = [:]

    private final class WeakPage {
        weak var page: WebPage?
        init(_ page: WebPage) { self.page = page }
    }

    /// Marks `context` with `key` and says whether it was unmarked: whether this is the
    /// first time for this context. The mark is the context's own data
    /// (`g_object_set_data`), so it goes when the context is finalized; a context made
    /// later at the same address starts unmarked, as a record kept by address would not.
    private static func firstTime(_ key: String, on context: GObjectReference) -> Bool {
        let object = UnsafeMutablePointer<GObject>(context.pointer)
        guard g_object_get_data(object, key) == nil else { return false }
        g_object_set_data(object, key, UnsafeMutableRawPointer(bitPattern: 1))
        return true
    }

    /// The page showing the engine view `view`, if any.
    static func page(for view: OpaquePointer?) -> WebPage? {
        view.flatMap { pages[UInt(bitPattern: $0)]?.page }
    }

    /// Registers the page's schemes on its context and routes its view's requests and
    /// downloads to it.
    static func add(_ page: WebPage) {
        pages[UInt(bitPattern: page.view.pointer)] = WeakPage(page)
        let context = page.configuration.websiteDataStore.context
        if firstTime("webkitgtk-swift-downloads", on: context) {
            // Downloads start on the context; each goes to the page whose view began it.
            context.connect("download-started") { arguments in
                guard let download = arguments.object(1) else { return nil }
                let view = webkit_download_get_web_view(UnsafeMutablePointer(download)).map { OpaquePointer($0) }
                PageRouter.page(for: view)?.downloadStarted(download)
                return nil
            }.keepForever()
        }
        let schemes = page.configuration.urlSchemeHandlers.keys
        for scheme in schemes {
            guard firstTime("webkitgtk-swift-scheme-\(scheme.rawValue)", on: context) else { continue }
            registerURIScheme(scheme.rawValue, on: context) { request in
                route(request, scheme: scheme)
            }
        }
    }

    /// Forgets a closing page and cancels the requests still being answered for it, even
    /// those whose handler has not responded yet.
    static func remove(_ page: WebPage) {
        let view = UInt(bitPattern: page.view.pointer)
        pages[view] = nil
        for task in tasks.values where task.view == view { task.cancel() }
    }

    private static func route(_ request: OpaquePointer, scheme: URLScheme) {
        let schemeRequest = UnsafeMutablePointer<WebKitURISchemeRequest>(request)
        // Not `Optional.map`: a main-actor closure handed to the standard library checks its
        // isolation at run time, and this runs for every request.
        let engineView = webkit_uri_scheme_request_get_web_view(schemeRequest)
        let view = engineView != nil ? UInt(bitPattern: OpaquePointer(engineView)) : nil
        let task = URLSchemeTask(request: request, view: view)
        let id = ObjectIdentifier(task)
        tasks[id] = task
        task.onEnd = { task in tasks[ObjectIdentifier(task)] = nil }
        guard let view, let page = pages[view]?.page, !page.isClosed,
            let handler = page.configuration.urlSchemeHandlers[scheme]
        else {
            task.refuse(URLSchemeHandlerError.noHandler(scheme: scheme.rawValue))
            return
        }
        task.start(with: handler)
    }

    /// Bytes WebKit has read from the bodies of the requests being answered now, for tests
    /// that check how far a handler runs ahead of its reader.
    package static var bytesReadByWebKitForTesting: UInt64 {
        tasks.values.reduce(0) { $0 + $1.bytesRead }
    }
}
