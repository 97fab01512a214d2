import Foundation
import GLibBridge

/// Compiled content-blocking rules: Apple's `WKContentRuleList`, the library's
/// ``ContentRuleList`` under its classic name.
public typealias WKContentRuleList = ContentRuleList

/// Compiles content-blocker rules and keeps them compiled on disk: Apple's
/// `WKContentRuleListStore`, over the library's ``ContentRuleListStore``.
///
///     let store = WKContentRuleListStore.default()
///     let rules = try await store.compileContentRuleList(
///         forIdentifier: "no-trackers", encodedContentRuleList: json)
///     configuration.userContentController.add(rules!)
///
/// Failures are ``WKError``s, as Apple's: ``WKError/Code/contentRuleListStoreCompileFailed``,
/// ``WKError/Code/contentRuleListStoreLookUpFailed`` and
/// ``WKError/Code/contentRuleListStoreRemoveFailed``, with the engine's reason as the
/// localized description.
@MainActor
public final class WKContentRuleListStore: NSObject {
    /// The store the classic names stand for.
    let store: ContentRuleListStore

    private init(store: ContentRuleListStore) {
        self.store = store
        super.init()
    }

    private static var shared: WKContentRuleListStore?

    /// The store under the XDG cache folder, ``ContentRuleListStore/default``:
    /// `~/.cache/<program>/ContentRuleLists`. Every call returns the same store.
    public static func `default`() -> WKContentRuleListStore {
        if let shared { return shared }
        let store = WKContentRuleListStore(store: .default)
        shared = store
        return store
    }

    /// A store that keeps its lists in the folder at `url`, made if missing: Apple's
    /// `storeWithURL:`.
    ///
    /// - Parameter url: A `file:` URL of a folder.
    /// - Returns: The store, or nil when `url` is not a file URL or the folder cannot be made.
    public static func store(with url: URL) -> WKContentRuleListStore? {
        guard url.isFileURL else { return nil }
        let store = ContentRuleListStore(directory: url)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { return nil }
        return WKContentRuleListStore(store: store)
    }

    /// Compiles `encodedContentRuleList` (a JSON array of `{trigger, action}` rules) and
    /// saves it under `identifier`, replacing an older list of that name.
    ///
    /// - Parameters:
    ///   - identifier: The name to keep the list under.
    ///   - encodedContentRuleList: The rules, as WebKit's content-blocker JSON.
    ///   - completionHandler: Called with the list, or with a ``WKError`` of code
    ///     ``WKError/Code/contentRuleListStoreCompileFailed``.
    public func compileContentRuleList(
        forIdentifier identifier: String, encodedContentRuleList: String,
        completionHandler: @escaping @MainActor @Sendable (WKContentRuleList?, (any Error)?) -> Void
    ) {
        Task {
            do {
                completionHandler(
                    try await compileContentRuleList(
                        forIdentifier: identifier, encodedContentRuleList: encodedContentRuleList), nil)
            } catch {
                completionHandler(nil, error)
            }
        }
    }

    /// Compiles `encodedContentRuleList` (a JSON array of `{trigger, action}` rules) and
    /// saves it under `identifier`, replacing an older list of that name.
    ///
    /// - Parameters:
    ///   - identifier: The name to keep the list under.
    ///   - encodedContentRuleList: The rules, as WebKit's content-blocker JSON.
    /// - Returns: The compiled list.
    /// - Throws: A ``WKError`` of code ``WKError/Code/contentRuleListStoreCompileFailed``
    ///   saying what is wrong with the rules.
    public func compileContentRuleList(forIdentifier identifier: String, encodedContentRuleList: String)
        async throws -> WKContentRuleList?
    {
        do {
            return try await store.compileContentRuleList(
                forIdentifier: identifier, encodedContentRuleList: encodedContentRuleList)
        } catch {
            throw Self.error(.contentRuleListStoreCompileFailed, error)
        }
    }

    /// Finds the list saved under `identifier`.
    ///
    /// - Parameters:
    ///   - identifier: The name the list was compiled under.
    ///   - completionHandler: Called with the list, or with a ``WKError`` of code
    ///     ``WKError/Code/contentRuleListStoreLookUpFailed`` when there is none.
    public func lookUpContentRuleList(
        forIdentifier identifier: String,
        completionHandler: @escaping @MainActor @Sendable (WKContentRuleList?, (any Error)?) -> Void
    ) {
        Task {
            do {
                completionHandler(try await lookUpContentRuleList(forIdentifier: identifier), nil)
            } catch {
                completionHandler(nil, error)
            }
        }
    }

    /// Finds the list saved under `identifier`.
    ///
    /// - Parameter identifier: The name the list was compiled under.
    /// - Returns: The list.
    /// - Throws: A ``WKError`` of code ``WKError/Code/contentRuleListStoreLookUpFailed``
    ///   when the store has no list of that name, or cannot read it.
    public func lookUpContentRuleList(forIdentifier identifier: String) async throws -> WKContentRuleList? {
        guard let list = await store.contentRuleList(forIdentifier: identifier) else {
            throw WKError(
                .contentRuleListStoreLookUpFailed,
                userInfo: [NSLocalizedDescriptionKey: "no content rule list named \(identifier)"])
        }
        return list
    }

    /// Deletes the list saved under `identifier`.
    ///
    /// - Parameters:
    ///   - identifier: The name the list was compiled under.
    ///   - completionHandler: Called with nil once it is gone, or with a ``WKError`` of code
    ///     ``WKError/Code/contentRuleListStoreRemoveFailed``.
    public func removeContentRuleList(
        forIdentifier identifier: String, completionHandler: @escaping @MainActor @Sendable ((any Error)?) -> Void
    ) {
        Task {
            do {
                try await removeContentRuleList(forIdentifier: identifier)
                completionHandler(nil)
            } catch {
                completionHandler(error)
            }
        }
    }

    /// Deletes the list saved under `identifier`.
    ///
    /// - Parameter identifier: The name the list was compiled under.
    /// - Throws: A ``WKError`` of code ``WKError/Code/contentRuleListStoreRemoveFailed``
    ///   when the store has no list of that name, or cannot delete it.
    public func removeContentRuleList(forIdentifier identifier: String) async throws {
        do {
            try await store.removeContentRuleList(forIdentifier: identifier)
        } catch {
            throw Self.error(.contentRuleListStoreRemoveFailed, error)
        }
    }

    /// Lists the names of the saved lists.
    ///
    /// - Parameter completionHandler: Called with the names, or nil when the engine cannot
    ///   list them.
    public func getAvailableContentRuleListIdentifiers(
        _ completionHandler: @escaping @MainActor @Sendable ([String]?) -> Void
    ) {
        Task { completionHandler(await availableContentRuleListIdentifiers()) }
    }

    /// The names of the saved lists, or nil when the engine cannot list them
    /// (`webkit_user_content_filter_store_fetch_identifiers`).
    public func availableContentRuleListIdentifiers() async -> [String]? {
        await store.identifiers()
    }

    private static func error(_ code: WKError.Code, _ underlying: any Error) -> WKError {
        let reason =
            switch underlying {
            case ContentRuleListError.invalidRules(let message): message
            case let error as GLibError: error.message
            default: "\(underlying)"
            }
        return WKError(code, userInfo: [NSLocalizedDescriptionKey: reason])
    }
}
