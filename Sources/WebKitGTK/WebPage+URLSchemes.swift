internal import CWebKitGTK
import Foundation
import GLibBridge

/// Routes custom-scheme requests to the handlers of the page that made them.
///
/// WebKitGTK registers a scheme once per web context, for all of that context's pages.
/// Pages with different handlers for one scheme therefore share one registration, and
/// each request is sent to the handler of the page whose view asked. This costs no extra
/// web context, and so no extra network process: pages keep sharing their data store.
@MainActor
enum URLSchemeRouter {
    private static var registered: Set<String> = []  // "context pointer/scheme"
    private static var pages: [UInt: WeakPage] = [:]
    private static var running: Set<ObjectIdentifier> = []
    private static var tasks: [ObjectIdentifier: URLSchemeTask] = [:]

    private final class WeakPage {
        weak var page: WebPage?
        init(_ page: WebPage) { self.page = page }
    }

    /// Registers the page's schemes on its context and routes its view's requests to it.
    static func add(_ page: WebPage) {
        let schemes = page.configuration.urlSchemeHandlers.keys
        guard !schemes.isEmpty else { return }
        pages[UInt(bitPattern: page.view.pointer)] = WeakPage(page)
        let context = page.configuration.websiteDataStore.context
        for scheme in schemes {
            let key = "\(UInt(bitPattern: context.pointer))/\(scheme.rawValue)"
            guard registered.insert(key).inserted else { continue }
            registerURIScheme(scheme.rawValue, on: context) { request in
                route(request, scheme: scheme)
            }
        }
    }

    static func remove(_ page: WebPage) {
        pages[UInt(bitPattern: page.view.pointer)] = nil
    }

    private static func route(_ request: OpaquePointer, scheme: URLScheme) {
        let schemeRequest = UnsafeMutablePointer<WebKitURISchemeRequest>(request)
        let view = webkit_uri_scheme_request_get_web_view(schemeRequest).map { UInt(bitPattern: OpaquePointer($0)) }
        let task = URLSchemeTask(request: request)
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

    /// Requests being answered now, for tests.
    static var runningTaskCount: Int { tasks.count }

    /// Bytes WebKit has read from the bodies of the requests being answered now, for tests
    /// that check how far a handler runs ahead of its reader.
    package static var bytesReadByWebKitForTesting: UInt64 {
        tasks.values.reduce(0) { $0 + $1.bytesRead }
    }
}
