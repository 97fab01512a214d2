internal import CWebKitGTK
import Foundation
import GLibBridge

/// An object told when the cookies of a ``WKHTTPCookieStore`` change: Apple's
/// `WKHTTPCookieStoreObserver`.
///
/// Apple's method is optional; here it has a default implementation that does nothing.
@MainActor
public protocol WKHTTPCookieStoreObserver: AnyObject {
    /// Tells the observer that a cookie was added, changed or deleted, by a page, by a
    /// response's `Set-Cookie` or by the app. WebKitGTK's `changed` signal, which says
    /// neither which cookie nor how many: read them again with ``WKHTTPCookieStore/allCookies()``.
    func cookiesDidChange(in cookieStore: WKHTTPCookieStore)
}

extension WKHTTPCookieStoreObserver {
    /// Does nothing.
    public func cookiesDidChange(in cookieStore: WKHTTPCookieStore) {}
}

/// The cookies of a ``WKWebsiteDataStore``: Apple's `WKHTTPCookieStore`, over WebKitGTK's
/// `WebKitCookieManager`.
///
///     let cookies = WKWebsiteDataStore.nonPersistent().httpCookieStore
///     await cookies.setCookie(HTTPCookie(properties: [
///         .name: "lake", .value: "Tahoe", .domain: "lakes.example", .path: "/",
///     ])!)
///     let all = await cookies.allCookies()
///
/// Cookies are those the store's pages see: a cookie a page sets (`document.cookie` or a
/// `Set-Cookie` header) is among ``allCookies()``, and one set here is sent with the
/// pages' requests and seen by their scripts. Foundation on Linux has no SameSite policy
/// on `HTTPCookie`: one set without a `SameSite` property is sent cross-site too.
@MainActor
public final class WKHTTPCookieStore: NSObject {
    /// The web context whose website data manager owns the cookie manager. The store holds
    /// no reference of its own on the cookie manager: one that outlived its data manager
    /// would crash when released.
    private let context: GObjectReference
    private var observers: [WeakObserver] = []
    private var changed: SignalConnection?

    init(context: GObjectReference) {
        self.context = context
        super.init()
    }

    private var raw: UnsafeMutablePointer<WebKitCookieManager> {
        webkit_website_data_manager_get_cookie_manager(webkit_web_context_get_website_data_manager(context.cast()))!
    }

    /// Every cookie of the store, session cookies included (`webkit_cookie_manager_get_all_cookies`).
    ///
    /// - Parameter completionHandler: Called with the cookies; with none when the engine
    ///   cannot read them (logged).
    public func getAllCookies(_ completionHandler: @escaping @MainActor @Sendable ([HTTPCookie]) -> Void) {
        Task { completionHandler(await allCookies()) }
    }

    /// Every cookie of the store, session cookies included (`webkit_cookie_manager_get_all_cookies`).
    ///
    /// - Returns: The cookies; none when the engine cannot read them (logged).
    public func allCookies() async -> [HTTPCookie] {
        let raw = raw
        do {
            return try await gioCall { cancellable, callback, data in
                webkit_cookie_manager_get_all_cookies(raw, cancellable, callback, data)
            } finish: { _, result in
                let list = try GLibError.check { webkit_cookie_manager_get_all_cookies_finish(raw, result, $0) }
                defer { g_list_free(list) }
                var cookies: [HTTPCookie] = []
                var node = list
                while let current = node {
                    if let soup = current.pointee.data.map(OpaquePointer.init) {
                        if let cookie = SoupCookies.cookie(from: soup) { cookies.append(cookie) }
                        soup_cookie_free(soup)
                    }
                    node = current.pointee.next
                }
                return cookies
            }
        } catch {
            Log.library.warning("WKHTTPCookieStore.allCookies(): the engine could not read the cookies: \(error)")
            return []
        }
    }

    /// Adds a cookie, or replaces the one of the same name, domain and path
    /// (`webkit_cookie_manager_add_cookie`).
    ///
    /// - Parameters:
    ///   - cookie: The cookie. One without an expiry date is a session cookie.
    ///   - completionHandler: Called once the cookie is stored.
    public func setCookie(_ cookie: HTTPCookie, completionHandler: (@MainActor @Sendable () -> Void)? = nil) {
        Task {
            await setCookie(cookie)
            completionHandler?()
        }
    }

    /// Adds a cookie, or replaces the one of the same name, domain and path
    /// (`webkit_cookie_manager_add_cookie`); returns once it is stored.
    ///
    /// - Parameter cookie: The cookie. One without an expiry date is a session cookie.
    public func setCookie(_ cookie: HTTPCookie) async {
        await change(cookie, "setCookie(_:): the engine did not store") { raw, soup, cancellable, callback, data in
            webkit_cookie_manager_add_cookie(raw, soup, cancellable, callback, data)
        } finish: { raw, result, error in
            webkit_cookie_manager_add_cookie_finish(raw, result, error)
        }
    }

    /// Deletes a cookie: the store's cookie of the same name, domain and path
    /// (`webkit_cookie_manager_delete_cookie`).
    ///
    /// - Parameters:
    ///   - cookie: The cookie, as ``allCookies()`` returned it or as it was set.
    ///   - completionHandler: Called once the cookie is gone.
    public func delete(_ cookie: HTTPCookie, completionHandler: (@MainActor @Sendable () -> Void)? = nil) {
        Task {
            await delete(cookie)
            completionHandler?()
        }
    }

    /// Deletes a cookie: the store's cookie of the same name, domain and path
    /// (`webkit_cookie_manager_delete_cookie`); returns once it is gone.
    ///
    /// - Parameter cookie: The cookie, as ``allCookies()`` returned it or as it was set.
    public func delete(_ cookie: HTTPCookie) async {
        await change(cookie, "delete(_:): the engine did not delete") { raw, soup, cancellable, callback, data in
            webkit_cookie_manager_delete_cookie(raw, soup, cancellable, callback, data)
        } finish: { raw, result, error in
            webkit_cookie_manager_delete_cookie_finish(raw, result, error)
        }
    }

    /// Hands the engine `cookie` as libsoup's, to store or delete, and waits until it is
    /// done; a failure is logged, as Apple's store reports none.
    private func change(
        _ cookie: HTTPCookie, _ failure: String,
        start: (
            _ manager: UnsafeMutablePointer<WebKitCookieManager>, _ cookie: OpaquePointer,
            _ cancellable: UnsafeMutablePointer<GCancellable>, _ callback: GAsyncReadyCallback, _ data: gpointer
        ) -> Void,
        finish:
            @escaping @MainActor (
                _ manager: UnsafeMutablePointer<WebKitCookieManager>, _ result: OpaquePointer,
                _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>
            ) -> gboolean
    ) async {
        let raw = raw
        let soup = SoupCookies.make(from: cookie)
        defer { soup_cookie_free(soup) }
        do {
            _ = try await gioCall { cancellable, callback, data in
                start(raw, soup, cancellable, callback, data)
            } finish: { _, result in
                try GLibError.check { finish(raw, result, $0) }
            }
        } catch {
            Log.library.warning("WKHTTPCookieStore.\(failure) \(cookie.name): \(error)")
        }
    }

    /// Starts telling `observer` of changes to the store's cookies. The store holds it
    /// weakly, as Apple's does; adding it twice tells it once.
    ///
    /// - Parameter observer: The object to tell.
    public func add(_ observer: any WKHTTPCookieStoreObserver) {
        observers.removeAll { $0.observer == nil }
        guard !observers.contains(where: { $0.observer === observer }) else { return }
        observers.append(WeakObserver(observer: observer))
        if changed == nil {
            changed = GObjectReference(retaining: OpaquePointer(raw)).connect("changed") { [weak self] _ in
                self?.cookiesChanged()
                return nil
            }
        }
    }

    /// Stops telling `observer` of changes.
    ///
    /// - Parameter observer: An object passed to ``add(_:)``; any other is ignored.
    public func remove(_ observer: any WKHTTPCookieStoreObserver) {
        observers.removeAll { $0.observer == nil || $0.observer === observer }
    }

    private func cookiesChanged() {
        observers.removeAll { $0.observer == nil }
        for entry in observers { entry.observer?.cookiesDidChange(in: self) }
    }

    /// An observer, held weakly.
    private struct WeakObserver {
        weak var observer: (any WKHTTPCookieStoreObserver)?
    }
}
