internal import CWebKitGTK
import Foundation
import GLibBridge
import GTK

/// Where pages keep cookies, caches and other website data: Apple's `WKWebsiteDataStore`.
///
///     let store = WKWebsiteDataStore.nonPersistent()  // a private session
///     let page = WebPage(configuration: WebPage.Configuration(websiteDataStore: store))
///
/// Pages that share a store share a WebKitGTK web context (`WebKitWebContext`), and with
/// it their network process and data. The ``default()`` store keeps data on disk under the
/// XDG data and cache directories; a ``nonPersistent()`` store keeps it in memory and
/// forgets it when the store's last page goes.
@MainActor
public final class WKWebsiteDataStore {
    let context: GObjectReference
    /// Whether the store keeps its data on disk: true for ``default()``, false for
    /// ``nonPersistent()``.
    public let isPersistent: Bool

    private var cookieStore: WKHTTPCookieStore?

    private init(context: GObjectReference, isPersistent: Bool) {
        self.context = context
        self.isPersistent = isPersistent
    }

    private static var shared: WKWebsiteDataStore?

    /// The store every page uses unless told otherwise: WebKitGTK's default web context
    /// (`webkit_web_context_get_default`), which keeps data on disk. Every call returns the
    /// same store.
    public static func `default`() -> WKWebsiteDataStore {
        if let shared { return shared }
        Gtk.prepare()
        let store = WKWebsiteDataStore(
            context: GObjectReference(retaining: OpaquePointer(webkit_web_context_get_default()!)), isPersistent: true)
        WebContentSandbox.apply(to: store.context)
        shared = store
        return store
    }

    /// A new store that keeps everything in memory: a web context of its own over an
    /// ephemeral website data manager (`webkit_website_data_manager_new_ephemeral`).
    ///
    /// Each call makes a new store, with its own cookies and caches and its own network
    /// process; pages share data only when they share the store.
    public static func nonPersistent() -> WKWebsiteDataStore {
        Gtk.prepare()
        let manager = webkit_website_data_manager_new_ephemeral()!
        defer { g_object_unref(manager) }
        let context = webkit_web_context_new_with_website_data_manager(manager)!
        LiveObjects.track(OpaquePointer(context))
        let store = WKWebsiteDataStore(context: GObjectReference(adopting: OpaquePointer(context)), isPersistent: false)
        WebContentSandbox.apply(to: store.context)
        return store
    }

    /// Whether the web processes of the store's pages run in WebKitGTK's bubblewrap sandbox
    /// (`webkit_web_context_get_sandbox_enabled`). An addition of this library, for Linux:
    /// Apple's WebKit always sandboxes its web content processes and has no such property.
    ///
    /// The library turns the sandbox on for every store where bubblewrap works; where it
    /// does not (some containers, some setups of root), it is off and the library logs why,
    /// once. In the sandbox a page's web process has PID, network and UTS namespaces of its
    /// own (IPC too under Wayland) and sees only the system's libraries and data, fonts, the
    /// display and the store's own folders, over an empty `/tmp`. Pages load as before, as
    /// the network process, which is not sandboxed, fetches their resources, `file:` URLs
    /// included: what changes is what a page's own process can reach, should the page take
    /// it over. Media is read by the web process itself (through GStreamer), so `<audio>`
    /// and `<video>` with a `file:` URL outside those folders do not play.
    ///
    /// WebKit's variables decide first: `WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS` (set to
    /// anything but `0`) keeps the sandbox off, and `WEBKIT_FORCE_SANDBOX=1` turns it on
    /// without checking that bubblewrap works.
    public var isWebContentSandboxed: Bool {
        webkit_web_context_get_sandbox_enabled(context.cast()) != 0
    }

    /// The store's cookies, to read, set, delete and watch: Apple's `httpCookieStore`.
    /// Every read returns the same object.
    public var httpCookieStore: WKHTTPCookieStore {
        if let cookieStore { return cookieStore }
        let store = WKHTTPCookieStore(context: context)
        cookieStore = store
        return store
    }

    /// The store's WebKitGTK website data manager (`webkit_web_context_get_website_data_manager`),
    /// which the context owns.
    var dataManager: UnsafeMutablePointer<WebKitWebsiteDataManager> {
        webkit_web_context_get_website_data_manager(context.cast())!
    }
}

extension WKWebsiteDataStore {
    /// Every kind of website data WebKitGTK can fetch and remove: all the
    /// `WKWebsiteDataType…` constants but ``WKWebsiteDataTypeFileSystem``,
    /// ``WKWebsiteDataTypeSearchFieldRecentSearches``, ``WKWebsiteDataTypeMediaKeys`` and
    /// ``WKWebsiteDataTypeScreenTime``, which name no data on Linux.
    public static func allWebsiteDataTypes() -> Set<String> { Set(WebsiteDataTypes.flags.keys) }

    /// Removes the data of the given kinds that was changed since `date`, for every site
    /// (`webkit_website_data_manager_clear`).
    ///
    /// - Parameters:
    ///   - dataTypes: The kinds of data, such as ``WKWebsiteDataTypeLocalStorage``.
    ///   - date: The earliest change to remove; `Date.distantPast` removes all.
    ///   - completionHandler: Called once the data is gone.
    public func removeData(
        ofTypes dataTypes: Set<String>, modifiedSince date: Date,
        completionHandler: @escaping @MainActor @Sendable () -> Void
    ) {
        Task {
            await removeData(ofTypes: dataTypes, modifiedSince: date)
            completionHandler()
        }
    }

    /// Removes the data of the given kinds that was changed since `date`, for every site
    /// (`webkit_website_data_manager_clear`); returns once it is gone.
    ///
    /// - Parameters:
    ///   - dataTypes: The kinds of data, such as ``WKWebsiteDataTypeLocalStorage``.
    ///   - date: The earliest change to remove; `Date.distantPast` removes all.
    public func removeData(ofTypes dataTypes: Set<String>, modifiedSince date: Date) async {
        let flags = WebsiteDataTypes.flags(of: dataTypes)
        guard flags.rawValue != 0 else { return }
        // A time span of 0 is WebKitGTK's "whenever"; a date ahead leaves nothing to remove.
        let age = Date().timeIntervalSince(date)
        guard age > 0 else { return }
        let span = date == .distantPast ? 0 : GTimeSpan(min(age * 1_000_000, Double(Int64.max / 2)))
        let manager = dataManager
        do {
            _ = try await gioCall { cancellable, callback, data in
                webkit_website_data_manager_clear(manager, flags, span, cancellable, callback, data)
            } finish: { _, result in
                try GLibError.check { webkit_website_data_manager_clear_finish(manager, result, $0) }
            }
        } catch {
            Log.library.warning("WKWebsiteDataStore.removeData(ofTypes:modifiedSince:): \(error)")
        }
    }

    /// The sites that have data of the given kinds, one record each
    /// (`webkit_website_data_manager_fetch`).
    ///
    /// - Parameters:
    ///   - dataTypes: The kinds of data, such as ``WKWebsiteDataTypeCookies``.
    ///   - completionHandler: Called with the records; with none when the engine cannot
    ///     list them (logged).
    public func fetchDataRecords(
        ofTypes dataTypes: Set<String>,
        completionHandler: @escaping @MainActor @Sendable ([WKWebsiteDataRecord]) -> Void
    ) {
        Task { completionHandler(await dataRecords(ofTypes: dataTypes)) }
    }

    /// The sites that have data of the given kinds, one record each
    /// (`webkit_website_data_manager_fetch`).
    ///
    /// - Parameter dataTypes: The kinds of data, such as ``WKWebsiteDataTypeCookies``.
    /// - Returns: The records; none when the engine cannot list them (logged).
    public func dataRecords(ofTypes dataTypes: Set<String>) async -> [WKWebsiteDataRecord] {
        let flags = WebsiteDataTypes.flags(of: dataTypes)
        guard flags.rawValue != 0 else { return [] }
        let manager = dataManager
        do {
            return try await gioCall { cancellable, callback, data in
                webkit_website_data_manager_fetch(manager, flags, cancellable, callback, data)
            } finish: { _, result in
                let list = try GLibError.check { webkit_website_data_manager_fetch_finish(manager, result, $0) }
                defer { g_list_free(list) }
                var records: [WKWebsiteDataRecord] = []
                var node = list
                while let current = node {
                    if let data = current.pointee.data {
                        records.append(WKWebsiteDataRecord(adopting: OpaquePointer(data)))
                    }
                    node = current.pointee.next
                }
                return records
            }
        } catch {
            Log.library.warning("WKWebsiteDataStore.dataRecords(ofTypes:): \(error)")
            return []
        }
    }

    /// Removes the data of the given kinds of the sites of `records`
    /// (`webkit_website_data_manager_remove`).
    ///
    /// - Parameters:
    ///   - dataTypes: The kinds of data, such as ``WKWebsiteDataTypeCookies``.
    ///   - records: Records from ``dataRecords(ofTypes:)``.
    ///   - completionHandler: Called once the data is gone.
    public func removeData(
        ofTypes dataTypes: Set<String>, for records: [WKWebsiteDataRecord],
        completionHandler: @escaping @MainActor @Sendable () -> Void
    ) {
        Task {
            await removeData(ofTypes: dataTypes, for: records)
            completionHandler()
        }
    }

    /// Removes the data of the given kinds of the sites of `records`
    /// (`webkit_website_data_manager_remove`); returns once it is gone.
    ///
    /// - Parameters:
    ///   - dataTypes: The kinds of data, such as ``WKWebsiteDataTypeCookies``.
    ///   - records: Records from ``dataRecords(ofTypes:)``.
    public func removeData(ofTypes dataTypes: Set<String>, for records: [WKWebsiteDataRecord]) async {
        let flags = WebsiteDataTypes.flags(of: dataTypes)
        guard flags.rawValue != 0, !records.isEmpty else { return }
        let manager = dataManager
        // The list holds no references: the records keep their data alive until the call ends.
        var list: UnsafeMutablePointer<GList>?
        for record in records.reversed() { list = g_list_prepend(list, UnsafeMutableRawPointer(record.data)) }
        defer { g_list_free(list) }
        do {
            _ = try await gioCall { cancellable, callback, data in
                webkit_website_data_manager_remove(manager, flags, list, cancellable, callback, data)
            } finish: { _, result in
                try GLibError.check { webkit_website_data_manager_remove_finish(manager, result, $0) }
            }
        } catch {
            Log.library.warning("WKWebsiteDataStore.removeData(ofTypes:for:): \(error)")
        }
        withExtendedLifetime(records) {}
    }
}
