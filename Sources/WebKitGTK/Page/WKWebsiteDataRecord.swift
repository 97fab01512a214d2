internal import CWebKitGTK
import Foundation
import GLibBridge

/// Cookies: Apple's `WKWebsiteDataTypeCookies`; WebKitGTK's `WEBKIT_WEBSITE_DATA_COOKIES`.
public let WKWebsiteDataTypeCookies = "WKWebsiteDataTypeCookies"
/// The HTTP disk cache: WebKitGTK's `WEBKIT_WEBSITE_DATA_DISK_CACHE`.
public let WKWebsiteDataTypeDiskCache = "WKWebsiteDataTypeDiskCache"
/// The in-memory cache of resources and pages: WebKitGTK's `WEBKIT_WEBSITE_DATA_MEMORY_CACHE`.
public let WKWebsiteDataTypeMemoryCache = "WKWebsiteDataTypeMemoryCache"
/// `localStorage`: WebKitGTK's `WEBKIT_WEBSITE_DATA_LOCAL_STORAGE`.
public let WKWebsiteDataTypeLocalStorage = "WKWebsiteDataTypeLocalStorage"
/// `sessionStorage`: WebKitGTK's `WEBKIT_WEBSITE_DATA_SESSION_STORAGE`.
public let WKWebsiteDataTypeSessionStorage = "WKWebsiteDataTypeSessionStorage"
/// IndexedDB databases: WebKitGTK's `WEBKIT_WEBSITE_DATA_INDEXEDDB_DATABASES`.
public let WKWebsiteDataTypeIndexedDBDatabases = "WKWebsiteDataTypeIndexedDBDatabases"
/// WebSQL databases: WebKitGTK's `WEBKIT_WEBSITE_DATA_WEBSQL_DATABASES`. WebKit no longer
/// offers WebSQL to pages, so there is only what older versions stored.
public let WKWebsiteDataTypeWebSQLDatabases = "WKWebsiteDataTypeWebSQLDatabases"
/// The HTML application cache: WebKitGTK's `WEBKIT_WEBSITE_DATA_OFFLINE_APPLICATION_CACHE`.
public let WKWebsiteDataTypeOfflineWebApplicationCache = "WKWebsiteDataTypeOfflineWebApplicationCache"
/// The Cache API's caches (`caches.open`): WebKitGTK's `WEBKIT_WEBSITE_DATA_DOM_CACHE`.
public let WKWebsiteDataTypeFetchCache = "WKWebsiteDataTypeFetchCache"
/// Service worker registrations: WebKitGTK's `WEBKIT_WEBSITE_DATA_SERVICE_WORKER_REGISTRATIONS`.
public let WKWebsiteDataTypeServiceWorkerRegistrations = "WKWebsiteDataTypeServiceWorkerRegistrations"
/// The File System API's files. WebKitGTK has no such type: on Linux this type names no
/// data, and asking to fetch or remove it does nothing.
public let WKWebsiteDataTypeFileSystem = "WKWebsiteDataTypeFileSystem"
/// The recent searches of search fields. WebKitGTK keeps none: on Linux this type names
/// no data.
public let WKWebsiteDataTypeSearchFieldRecentSearches = "WKWebsiteDataTypeSearchFieldRecentSearches"
/// Encrypted media's keys. WebKitGTK has no such type: on Linux this type names no data.
public let WKWebsiteDataTypeMediaKeys = "WKWebsiteDataTypeMediaKeys"
/// The salt that makes media device IDs differ per site: WebKitGTK's
/// `WEBKIT_WEBSITE_DATA_DEVICE_ID_HASH_SALT`.
public let WKWebsiteDataTypeHashSalt = "WKWebsiteDataTypeHashSalt"
/// Screen Time's records of sites visited. Screen Time is Apple's: on Linux this type
/// names no data.
public let WKWebsiteDataTypeScreenTime = "WKWebsiteDataTypeScreenTime"

/// The kinds of website data and WebKitGTK's flag for each (`WebKitWebsiteDataTypes`).
enum WebsiteDataTypes {
    /// Each type WebKitGTK can act on, with its flag. The file system, recent searches,
    /// media keys and Screen Time have none.
    static let flags: [String: WebKitWebsiteDataTypes] = [
        WKWebsiteDataTypeCookies: WEBKIT_WEBSITE_DATA_COOKIES,
        WKWebsiteDataTypeDiskCache: WEBKIT_WEBSITE_DATA_DISK_CACHE,
        WKWebsiteDataTypeMemoryCache: WEBKIT_WEBSITE_DATA_MEMORY_CACHE,
        WKWebsiteDataTypeLocalStorage: WEBKIT_WEBSITE_DATA_LOCAL_STORAGE,
        WKWebsiteDataTypeSessionStorage: WEBKIT_WEBSITE_DATA_SESSION_STORAGE,
        WKWebsiteDataTypeIndexedDBDatabases: WEBKIT_WEBSITE_DATA_INDEXEDDB_DATABASES,
        WKWebsiteDataTypeWebSQLDatabases: WEBKIT_WEBSITE_DATA_WEBSQL_DATABASES,
        WKWebsiteDataTypeOfflineWebApplicationCache: WEBKIT_WEBSITE_DATA_OFFLINE_APPLICATION_CACHE,
        WKWebsiteDataTypeFetchCache: WEBKIT_WEBSITE_DATA_DOM_CACHE,
        WKWebsiteDataTypeServiceWorkerRegistrations: WEBKIT_WEBSITE_DATA_SERVICE_WORKER_REGISTRATIONS,
        WKWebsiteDataTypeHashSalt: WEBKIT_WEBSITE_DATA_DEVICE_ID_HASH_SALT,
    ]

    /// The flags of `types`; types WebKitGTK has no flag for add nothing.
    static func flags(of types: Set<String>) -> WebKitWebsiteDataTypes {
        WebKitWebsiteDataTypes(rawValue: types.reduce(0) { $0 | (flags[$1]?.rawValue ?? 0) })
    }

    /// The types whose flags are set in `flags`.
    static func types(of flags: WebKitWebsiteDataTypes) -> Set<String> {
        Set(Self.flags.filter { flags.rawValue & $0.value.rawValue != 0 }.keys)
    }
}

/// The website data of one site: Apple's `WKWebsiteDataRecord`, over WebKitGTK's
/// `WebKitWebsiteData`.
///
/// ``WKWebsiteDataStore/fetchDataRecords(ofTypes:completionHandler:)`` makes them, one a
/// site; ``WKWebsiteDataStore/removeData(ofTypes:for:completionHandler:)`` removes theirs.
@MainActor
public final class WKWebsiteDataRecord: NSObject {
    let data: OpaquePointer

    init(adopting data: OpaquePointer) {
        self.data = data
        displayName = String(cString: webkit_website_data_get_name(data))
        dataTypes = WebsiteDataTypes.types(of: webkit_website_data_get_types(data))
    }

    isolated deinit { webkit_website_data_unref(data) }

    /// The site, usually its registrable domain (`example.com`) or host (`127.0.0.1`), as
    /// WebKitGTK names it (`webkit_website_data_get_name`).
    public let displayName: String

    /// The kinds of data the site has, such as ``WKWebsiteDataTypeCookies``
    /// (`webkit_website_data_get_types`). Kinds that WebKitGTK has and Apple's WebKit
    /// names not (HSTS and tracking prevention data) are left out.
    public let dataTypes: Set<String>

    /// The site and its kinds of data.
    public override var description: String { "<WKWebsiteDataRecord \(displayName) \(dataTypes.sorted())>" }
}
