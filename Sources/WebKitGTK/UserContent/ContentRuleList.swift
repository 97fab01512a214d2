internal import CWebKitGTK
import Foundation
import GLibBridge

/// Compiled content-blocking rules (WebKit's content-blocker JSON) that pages can apply:
/// the counterpart of Apple's `WKContentRuleList`, over WebKitGTK's `WebKitUserContentFilter`.
///
/// A ``ContentRuleListStore`` makes them; ``WKUserContentController/add(_:)-(ContentRuleList)``
/// applies one.
@MainActor
public final class ContentRuleList {
    /// The name the list was compiled under.
    public let identifier: String
    let filter: OpaquePointer

    init(adopting filter: OpaquePointer) {
        self.filter = filter
        identifier = String(cString: webkit_user_content_filter_get_identifier(filter))
    }

    isolated deinit { webkit_user_content_filter_unref(filter) }
}

/// Compiles content-blocker rules and keeps them compiled on disk: the counterpart of
/// Apple's `WKContentRuleListStore`, over WebKitGTK's `WebKitUserContentFilterStore`.
///
///     let rules = try await ContentRuleListStore.default.compileContentRuleList(
///         forIdentifier: "no-trackers", encodedContentRuleList: json)
///     configuration.userContentController.add(rules)
@MainActor
public final class ContentRuleListStore {
    /// The folder compiled lists are kept in.
    public let directory: URL
    private let store: GObjectReference

    /// The store under the XDG cache folder: `~/.cache/<program>/ContentRuleLists`.
    public static let `default` = ContentRuleListStore(
        directory: URL(fileURLWithPath: String(cString: g_get_user_cache_dir()))
            .appendingPathComponent(String(optionalCString: g_get_prgname()) ?? "webkitgtk-swift")
            .appendingPathComponent("ContentRuleLists"))

    /// A store in `directory`, made if missing (`webkit_user_content_filter_store_new`).
    ///
    /// - Parameter directory: The folder to keep compiled lists in.
    public init(directory: URL) {
        self.directory = directory
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = GObjectReference(adopting: OpaquePointer(webkit_user_content_filter_store_new(directory.path)!))
    }

    /// Compiles `encodedContentRuleList` (a JSON array of `{trigger, action}` rules) and
    /// saves it under `identifier`, replacing an older list of that name.
    ///
    /// `webkit_user_content_filter_store_save`.
    ///
    /// - Parameters:
    ///   - identifier: The name to keep the list under.
    ///   - encodedContentRuleList: The rules, as WebKit's content-blocker JSON.
    /// - Returns: The compiled list.
    /// - Throws: ``ContentRuleListError/invalidRules(_:)`` saying what is wrong with the JSON.
    public func compileContentRuleList(forIdentifier identifier: String, encodedContentRuleList: String) async throws
        -> ContentRuleList
    {
        let raw = store.cast(to: WebKitUserContentFilterStore.self)
        let bytes = makeGBytes(copying: Data(encodedContentRuleList.utf8))
        defer { g_bytes_unref(bytes) }
        do {
            let filter: ContentRuleList = try await gioCall { cancellable, callback, data in
                webkit_user_content_filter_store_save(raw, identifier, bytes, cancellable, callback, data)
            } finish: { _, result in
                let filter = try GLibError.check { webkit_user_content_filter_store_save_finish(raw, result, $0) }
                return ContentRuleList(adopting: filter!)
            }
            return filter
        } catch let error as GLibError {
            throw ContentRuleListError.invalidRules(error.message)
        }
    }

    /// The list saved under `identifier`, or nil when there is none.
    ///
    /// `webkit_user_content_filter_store_load`.
    ///
    /// - Parameter identifier: The name the list was compiled under.
    /// - Returns: The compiled list, or nil when the store has none of that name (or it
    ///   cannot be read).
    public func contentRuleList(forIdentifier identifier: String) async -> ContentRuleList? {
        let raw = store.cast(to: WebKitUserContentFilterStore.self)
        return try? await gioCall { cancellable, callback, data in
            webkit_user_content_filter_store_load(raw, identifier, cancellable, callback, data)
        } finish: { _, result in
            let filter = try GLibError.check { webkit_user_content_filter_store_load_finish(raw, result, $0) }
            return ContentRuleList(adopting: filter!)
        }
    }

    /// Deletes the list saved under `identifier`.
    ///
    /// `webkit_user_content_filter_store_remove`.
    ///
    /// - Parameter identifier: The name the list was compiled under.
    /// - Throws: The engine's error (a `GLibError`) when the list cannot be deleted.
    public func removeContentRuleList(forIdentifier identifier: String) async throws {
        let raw = store.cast(to: WebKitUserContentFilterStore.self)
        _ = try await gioCall { cancellable, callback, data in
            webkit_user_content_filter_store_remove(raw, identifier, cancellable, callback, data)
        } finish: { _, result in
            try GLibError.check { webkit_user_content_filter_store_remove_finish(raw, result, $0) }
        }
    }
}

/// Why rules could not be compiled.
public enum ContentRuleListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The JSON is not valid content-blocker rules; the message is WebKit's.
    case invalidRules(String)

    /// Says that the rules are invalid, with WebKit's reason.
    public var description: String {
        switch self {
        case .invalidRules(let message): "invalid content rules: \(message)"
        }
    }
}

extension ContentRuleListStore {
    /// The names of the lists saved in the store, or nil when the engine cannot list them
    /// (`webkit_user_content_filter_store_fetch_identifiers`).
    func identifiers() async -> [String]? {
        let raw = store.cast(to: WebKitUserContentFilterStore.self)
        return try? await gioCall { cancellable, callback, data in
            webkit_user_content_filter_store_fetch_identifiers(raw, cancellable, callback, data)
        } finish: { _, result in
            guard let names = webkit_user_content_filter_store_fetch_identifiers_finish(raw, result) else { return [] }
            defer { g_strfreev(names) }
            var identifiers: [String] = []
            var index = 0
            while let name = names[index] {
                identifiers.append(String(cString: name))
                index += 1
            }
            return identifiers
        }
    }
}
