import Foundation

/// A web view's history: Apple's `WKBackForwardList`.
///
///     if let previous = webView.backForwardList.backItem { webView.go(to: previous) }
///
/// It reads the page's history as it is when asked. An entry is the same
/// ``WKBackForwardListItem`` object each time it is read, while it stays in the history.
@MainActor
open class WKBackForwardList: NSObject {
    private let page: WebPage
    private var items: [ObjectIdentifier: WKBackForwardListItem] = [:]

    init(_ page: WebPage) {
        self.page = page
        super.init()
    }

    /// The entry shown now.
    public var currentItem: WKBackForwardListItem? { list.currentItem.map(item) }

    /// The entry before the current one: where ``WKWebView/goBack()`` goes.
    public var backItem: WKBackForwardListItem? { list.backList.last.map(item) }

    /// The entry after the current one: where ``WKWebView/goForward()`` goes.
    public var forwardItem: WKBackForwardListItem? { list.forwardList.first.map(item) }

    /// The entries before the current one, oldest first.
    public var backList: [WKBackForwardListItem] { list.backList.map(item) }

    /// The entries after the current one, nearest first.
    public var forwardList: [WKBackForwardListItem] { list.forwardList.map(item) }

    /// The entry `index` steps from the current one: 0 the current, -1 the one before, 1
    /// the one after; nil where there is none.
    public func item(at index: Int) -> WKBackForwardListItem? { list[index].map(item) }

    private var list: WebPage.BackForwardList {
        let list = page.backForwardList
        let present = Set((list.backList + list.forwardList + [list.currentItem].compactMap { $0 }).map(\.id))
        items = items.filter { present.contains($0.key) }
        return list
    }

    private func item(_ entry: WebPage.BackForwardList.Item) -> WKBackForwardListItem {
        if let item = items[entry.id] { return item }
        let item = WKBackForwardListItem(entry)
        items[entry.id] = item
        return item
    }
}

/// An entry of a web view's history: Apple's `WKBackForwardListItem`.
@MainActor
open class WKBackForwardListItem: NSObject {
    /// The entry as the page's own history has it.
    let entry: WebPage.BackForwardList.Item

    init(_ entry: WebPage.BackForwardList.Item) {
        self.entry = entry
        super.init()
    }

    /// The URL of the entry's document.
    public var url: URL { entry.url }
    /// The URL first asked for, before any redirect.
    public var initialURL: URL { entry.initialURL }
    /// The document's title, if it had one.
    public var title: String? { entry.title }
}
