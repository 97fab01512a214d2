import Foundation
import GTK

/// An entry of the sidebar's article list: a bundled article or one the reader added.
enum ReadingEntry: Equatable {
    case bundled(Article)
    case added(AddedLake)

    /// Its key in the window's `article` action: a bundled article's slug, an added one's address.
    var key: String {
        switch self {
        case .bundled(let article): article.slug
        case .added(let lake): lake.id
        }
    }
}

/// The sidebar: the bundled articles, the reader's own lakes under them, and the open
/// article's sections.
@MainActor
final class ArticleSidebar {
    /// The widget to place: the lists in a scrolled window.
    let widget: Gtk.ScrolledWindow
    /// Runs when a person picks an article (not when ``select(key:)`` is called).
    var onActivate: (ReadingEntry) -> Void = { _ in }
    /// Runs when a person picks a section of the open article.
    var onActivateSection: (ArticleSection) -> Void = { _ in }

    private let bundledList = Gtk.ListBox()
    private let addedList = Gtk.ListBox()
    private let addedHeading = ArticleSidebar.heading(localized("YOUR LAKES"), top: 18)
    private let sectionList = Gtk.ListBox()
    private let sectionHeading = ArticleSidebar.heading(localized("SECTIONS"), top: 18)
    private let bundled: [Article]
    private(set) var added: [AddedLake] = []
    private(set) var sections: [ArticleSection] = []

    init(articles: [Article]) {
        bundled = articles
        widget = Gtk.ScrolledWindow(horizontal: false)
        let column = Gtk.Box(.vertical)
        column.add(Self.heading(localized("ARTICLES"), top: 12))
        column.add(bundledList)
        column.add(addedHeading)
        column.add(addedList)
        column.add(sectionHeading)
        column.add(sectionList)
        widget.add(column)
        widget.requestSize(width: 200)
        widget.addStyleClass("sidebar")
        for list in [bundledList, addedList] { list.addStyleClass("navigation-sidebar") }
        for hidden in [addedHeading, sectionHeading] as [Gtk.Widget] { hidden.ignoresShowAll = true }

        for article in articles {
            bundledList.add(Self.row(title: article.title, detail: article.location, tooltip: article.summary))
        }
        bundledList.onRowActivated { [weak self] index in
            guard let self, bundled.indices.contains(index) else { return }
            onActivate(.bundled(bundled[index]))
        }
        addedList.onRowActivated { [weak self] index in
            guard let self, added.indices.contains(index) else { return }
            onActivate(.added(added[index]))
        }
        sectionList.onRowActivated { [weak self] index in
            guard let self, sections.indices.contains(index) else { return }
            onActivateSection(sections[index])
        }
    }

    /// Lists the reader's own lakes under the bundled ones (none hides the group).
    func show(added lakes: [AddedLake]) {
        guard lakes != added else { return }
        let selected = addedList.selectedIndex.map { added[$0].id }
        added = lakes
        addedList.removeAll()
        for lake in lakes {
            let row = Gtk.Box(.horizontal, spacing: 6)
            row.packStart(
                Self.row(title: lake.title, detail: lake.url.host() ?? "", tooltip: lake.url.absoluteString),
                expand: true)
            let remove = Gtk.Button(iconName: "user-trash-symbolic")
            remove.addStyleClass("flat")
            remove.align(vertical: .center)
            remove.setMargins(end: 6)
            remove.tooltip = localized("Remove This Lake")
            remove.setAction(WindowAction.removeLake.detailedName, target: Gtk.Variant(lake.id))
            row.packEnd(remove)
            addedList.add(row)
        }
        addedList.showAll()
        addedHeading.isVisible = !lakes.isEmpty
        addedList.select(selected.flatMap { key in lakes.firstIndex { $0.id == key } })
    }

    /// Lists the open article's sections (none hides the list).
    func show(sections: [ArticleSection]) {
        let changed = sections != self.sections
        self.sections = sections  // keeps the newest heading offsets
        guard changed else { return }
        sectionList.removeAll()
        for section in sections {
            let label = Gtk.Label(section.title)
            label.textAlignment = 0
            label.ellipsizes = true
            label.setMargins(start: section.level > 2 ? 26 : 14, end: 12, top: 5, bottom: 5)
            label.tooltip = section.title
            if section.level > 2 { label.addStyleClass("dim-label") }
            sectionList.add(label)
        }
        sectionList.showAll()
        sectionHeading.isVisible = !sections.isEmpty
    }

    /// Highlights the section with `id`, or none, without reporting it as a person's choice.
    func selectSection(_ id: String?) {
        sectionList.select(id.flatMap { id in sections.firstIndex { $0.id == id } })
    }

    /// Highlights the article with `key`, or none, without reporting it as a person's choice.
    func select(key: String?) {
        bundledList.select(key.flatMap { key in bundled.firstIndex { $0.slug == key } })
        addedList.select(key.flatMap { key in added.firstIndex { $0.id == key } })
    }

    /// The key of the highlighted article, if one is.
    var selectedKey: String? {
        bundledList.selectedIndex.map { bundled[$0].slug } ?? addedList.selectedIndex.map { added[$0].id }
    }

    private static func row(title: String, detail: String, tooltip: String) -> Gtk.Widget {
        let box = Gtk.Box(.vertical, spacing: 2)
        box.setMargins(start: 12, end: 12, top: 8, bottom: 8)
        let heading = Gtk.Label()
        heading.textAlignment = 0
        heading.ellipsizes = true
        heading.setMarkup("<b>\(Gtk.Label.escape(title))</b>")
        let location = Gtk.Label()
        location.textAlignment = 0
        location.ellipsizes = true
        location.addStyleClass("dim-label")
        location.setMarkup("<small>\(Gtk.Label.escape(detail))</small>")
        box.add(heading)
        box.add(location)
        box.tooltip = tooltip
        return box
    }

    /// A small, dimmed heading above a list.
    private static func heading(_ text: String, top: Int) -> Gtk.Label {
        let label = Gtk.Label()
        label.addStyleClass("dim-label")
        label.textAlignment = 0
        label.setMargins(start: 14, top: top, bottom: 6)
        label.setMarkup("<small><b>\(Gtk.Label.escape(text))</b></small>")
        return label
    }
}
