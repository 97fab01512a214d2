internal import CWebKitGTK
import Dispatch
import Foundation
import GLibBridge

extension WebPage {
    /// The pages visited before and after the current one: Apple's
    /// `WebPage.BackForwardList`, over WebKitGTK's `WebKitBackForwardList`.
    ///
    ///     let list = page.backForwardList
    ///     if let previous = list[-1] { page.load(previous) }
    ///     print(list.backList.map(\.title))  // oldest first
    ///
    /// A list is a snapshot: read ``WebPage/backForwardList`` again, or observe it, for the
    /// list after a navigation.
    public struct BackForwardList: Equatable, Sendable {
        /// A visited page: its URL and title when it was visited. Over WebKitGTK's
        /// `WebKitBackForwardListItem`, which it keeps alive.
        public struct Item: Equatable, Sendable, Identifiable {
            /// The page's title, if it had one.
            public let title: String?
            /// The URL the page ended at.
            public let url: URL
            /// The URL first asked for, before redirects.
            public let initialURL: URL
            let handle: ItemHandle

            /// Identifies the engine's history entry: stable for the entry, whichever list
            /// it was read from.
            public var id: ObjectIdentifier { ObjectIdentifier(handle) }

            /// Whether two items are the same history entry of the engine.
            ///
            /// - Parameters:
            ///   - lhs: An item.
            ///   - rhs: Another item.
            /// - Returns: True when both stand for one `WebKitBackForwardListItem`.
            public static func == (lhs: Item, rhs: Item) -> Bool { lhs.handle.pointer == rhs.handle.pointer }
        }

        /// The pages before the current one, oldest first.
        public let backList: [Item]
        /// The current page.
        public let currentItem: Item?
        /// The pages after the current one, oldest (nearest) first.
        public let forwardList: [Item]

        /// The item `index` steps from the current one: 0 is the current item, -1 the one
        /// before it, 1 the one after it; nil past either end.
        ///
        /// - Parameter index: Steps from the current item, negative for back.
        /// - Returns: The item, or nil when the list does not reach that far.
        public subscript(_ index: Int) -> Item? {
            if index == 0 { return currentItem }
            if index < 0 {
                let position = backList.count + index
                return backList.indices.contains(position) ? backList[position] : nil
            }
            return forwardList.indices.contains(index - 1) ? forwardList[index - 1] : nil
        }
    }

    /// The page's history. Observable: it changes with every navigation.
    ///
    /// Both lists are oldest first, as Apple's are (WebKitGTK's own back list comes newest
    /// first). WebKitGTK's `webkit_web_view_get_back_forward_list`, followed through the
    /// list's `changed` signal.
    public var backForwardList: BackForwardList {
        access(keyPath: \.backForwardList)
        let list = webkit_web_view_get_back_forward_list(webView)
        // WebKitGTK builds both lists by prepending, so each comes farthest from the
        // current item last... reversed: the back list nearest first, the forward list
        // farthest first. Apple's order is oldest first for both.
        return BackForwardList(
            backList: Self.items(webkit_back_forward_list_get_back_list(list)).reversed(),
            currentItem: webkit_back_forward_list_get_current_item(list).flatMap(Self.item),
            forwardList: Self.items(webkit_back_forward_list_get_forward_list(list)).reversed())
    }

    private static func items(_ list: UnsafeMutablePointer<GList>?) -> [BackForwardList.Item] {
        defer { g_list_free(list) }
        var result: [BackForwardList.Item] = []
        var node = list
        while let current = node {
            if let data = current.pointee.data, let item = item(UnsafeMutablePointer(OpaquePointer(data))) {
                result.append(item)
            }
            node = current.pointee.next
        }
        return result
    }

    private static func item(_ pointer: UnsafeMutablePointer<WebKitBackForwardListItem>) -> BackForwardList.Item? {
        guard let uri = String(optionalCString: webkit_back_forward_list_item_get_uri(pointer)),
            let url = URL(string: uri)
        else { return nil }
        let original = String(optionalCString: webkit_back_forward_list_item_get_original_uri(pointer))
        return BackForwardList.Item(
            title: String(optionalCString: webkit_back_forward_list_item_get_title(pointer)),
            url: url,
            initialURL: original.flatMap { URL(string: $0) } ?? url,
            handle: ItemHandle(retaining: OpaquePointer(pointer)))
    }
}

/// A strong reference to a `WebKitBackForwardListItem` that may travel between threads:
/// its last release always happens on the main thread, where WebKit expects it.
final class ItemHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    init(retaining pointer: OpaquePointer) {
        g_object_ref(UnsafeMutableRawPointer(pointer))
        self.pointer = pointer
    }

    func cast<T>() -> UnsafeMutablePointer<T> { UnsafeMutablePointer(pointer) }

    deinit {
        let item = UncheckedSendable(pointer)
        let release: @Sendable () -> Void = { g_object_unref(UnsafeMutableRawPointer(item.value)) }
        if isOnMainThread {
            release()
        } else {
            DispatchQueue.main.async(execute: release)
        }
    }
}
