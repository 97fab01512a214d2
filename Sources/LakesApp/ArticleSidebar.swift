internal import CWebKitGTK
import GLibBridge

/// The sidebar's list of articles: a `GtkListBox` with one row per article, its title
/// over its location.
@MainActor
final class ArticleSidebar {
    /// The widget to place: the list in a scrolled window.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// Runs when a person picks an article (not when ``select(_:)`` is called).
    var onActivate: (Article) -> Void = { _ in }
    /// Runs when a person picks a section of the open article.
    var onActivateSection: (ArticleSection) -> Void = { _ in }

    private let list: UnsafeMutablePointer<GtkListBox>
    private let sectionList: UnsafeMutablePointer<GtkListBox>
    private let sectionHeading: UnsafeMutablePointer<GtkWidget>
    private let articles: [Article]
    private(set) var sections: [ArticleSection] = []
    private var selecting = false
    private var connections: [SignalConnection] = []

    init(articles: [Article]) {
        self.articles = articles
        list = UnsafeMutablePointer(OpaquePointer(gtk_list_box_new()!))
        gtk_list_box_set_selection_mode(list, GTK_SELECTION_SINGLE)
        let listWidget = UnsafeMutablePointer<GtkWidget>(OpaquePointer(list))
        gtk_style_context_add_class(gtk_widget_get_style_context(listWidget), "navigation-sidebar")

        let heading = Self.heading("ARTICLES", top: 12)

        for article in articles {
            gtk_container_add(UnsafeMutablePointer(OpaquePointer(list)), Self.row(for: article))
        }

        sectionList = UnsafeMutablePointer(OpaquePointer(gtk_list_box_new()!))
        gtk_list_box_set_selection_mode(sectionList, GTK_SELECTION_SINGLE)
        sectionHeading = Self.heading("SECTIONS", top: 18)
        gtk_widget_set_no_show_all(sectionHeading, cwk_true)

        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(
            UnsafeMutablePointer(OpaquePointer(scrolled)), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_container_add(UnsafeMutablePointer(OpaquePointer(column)), heading)
        gtk_container_add(UnsafeMutablePointer(OpaquePointer(column)), listWidget)
        gtk_container_add(UnsafeMutablePointer(OpaquePointer(column)), sectionHeading)
        gtk_container_add(
            UnsafeMutablePointer(OpaquePointer(column)), UnsafeMutablePointer<GtkWidget>(OpaquePointer(sectionList)))
        gtk_container_add(UnsafeMutablePointer(OpaquePointer(scrolled)), column)
        gtk_widget_set_size_request(scrolled, 250, -1)
        gtk_style_context_add_class(gtk_widget_get_style_context(scrolled), "sidebar")
        widget = scrolled

        let reference = GObjectReference(retaining: OpaquePointer(list))
        connections.append(
            // "row-activated" is a click or Enter; "row-selected" also fires when GTK moves the
            // selection to follow keyboard focus, which is no choice of the reader's.
            reference.connect("row-activated") { [weak self] arguments in
                guard let self, !selecting, let row = arguments.object(1) else { return nil }
                let index = Int(gtk_list_box_row_get_index(UnsafeMutablePointer(row)))
                if articles.indices.contains(index) { onActivate(articles[index]) }
                return nil
            })
        connections.append(
            GObjectReference(retaining: OpaquePointer(sectionList)).connect("row-activated") {
                [weak self] arguments in
                guard let self, let row = arguments.object(1) else { return nil }
                let index = Int(gtk_list_box_row_get_index(UnsafeMutablePointer(row)))
                if sections.indices.contains(index) { onActivateSection(sections[index]) }
                return nil
            })
    }

    /// Lists the open article's sections (none hides the list).
    func show(sections: [ArticleSection]) {
        let changed = sections != self.sections
        self.sections = sections  // keeps the newest heading offsets
        guard changed else { return }
        let container = UnsafeMutablePointer<GtkContainer>(OpaquePointer(sectionList))
        if let children = gtk_container_get_children(container) {
            var node: UnsafeMutablePointer<GList>? = children
            while let current = node {
                gtk_widget_destroy(UnsafeMutablePointer(OpaquePointer(current.pointee.data)))
                node = current.pointee.next
            }
            g_list_free(children)
        }
        for section in sections {
            let label = gtk_label_new(section.title)!
            gtk_label_set_xalign(UnsafeMutablePointer(OpaquePointer(label)), 0)
            gtk_label_set_ellipsize(UnsafeMutablePointer(OpaquePointer(label)), PANGO_ELLIPSIZE_END)
            gtk_widget_set_margin_start(label, section.level > 2 ? 26 : 14)
            gtk_widget_set_margin_end(label, 12)
            gtk_widget_set_margin_top(label, 5)
            gtk_widget_set_margin_bottom(label, 5)
            gtk_widget_set_tooltip_text(label, section.title)
            if section.level > 2 { gtk_style_context_add_class(gtk_widget_get_style_context(label), "dim-label") }
            gtk_container_add(container, label)
        }
        gtk_widget_show_all(UnsafeMutablePointer(OpaquePointer(sectionList)))
        if sections.isEmpty { gtk_widget_hide(sectionHeading) } else { gtk_widget_show(sectionHeading) }
    }

    /// Highlights the section with `id`, or none, without reporting it as a person's choice.
    func selectSection(_ id: String?) {
        guard let id, let index = sections.firstIndex(where: { $0.id == id }),
            let row = gtk_list_box_get_row_at_index(sectionList, gint(index))
        else {
            gtk_list_box_unselect_all(sectionList)
            return
        }
        if gtk_list_box_get_selected_row(sectionList) != row { gtk_list_box_select_row(sectionList, row) }
    }

    /// Highlights `article`'s row, or none, without reporting it as a person's choice.
    func select(_ article: Article?) {
        selecting = true
        defer { selecting = false }
        guard let article, let index = articles.firstIndex(of: article),
            let row = gtk_list_box_get_row_at_index(list, gint(index))
        else {
            gtk_list_box_unselect_all(list)
            return
        }
        gtk_list_box_select_row(list, row)
    }

    private static func row(for article: Article) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_margin_start(box, 12)
        gtk_widget_set_margin_end(box, 12)
        gtk_widget_set_margin_top(box, 8)
        gtk_widget_set_margin_bottom(box, 8)
        let title = gtk_label_new(article.title)!
        gtk_label_set_xalign(UnsafeMutablePointer(OpaquePointer(title)), 0)
        setMarkup(title, "<b>\(escape(article.title))</b>")
        let location = gtk_label_new(article.location)!
        gtk_label_set_xalign(UnsafeMutablePointer(OpaquePointer(location)), 0)
        gtk_label_set_ellipsize(UnsafeMutablePointer(OpaquePointer(location)), PANGO_ELLIPSIZE_END)
        gtk_style_context_add_class(gtk_widget_get_style_context(location), "dim-label")
        setMarkup(location, "<small>\(escape(article.location))</small>")
        gtk_container_add(UnsafeMutablePointer(OpaquePointer(box)), title)
        gtk_container_add(UnsafeMutablePointer(OpaquePointer(box)), location)
        gtk_widget_set_tooltip_text(box, article.summary)
        return box
    }

    /// A small, dimmed heading above a list.
    private static func heading(_ text: String, top: Int32) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(nil)!
        gtk_style_context_add_class(gtk_widget_get_style_context(label), "dim-label")
        gtk_label_set_xalign(UnsafeMutablePointer(OpaquePointer(label)), 0)
        gtk_widget_set_margin_start(label, 14)
        gtk_widget_set_margin_top(label, top)
        gtk_widget_set_margin_bottom(label, 6)
        setMarkup(label, "<small><b>\(escape(text))</b></small>")
        return label
    }

    private static func setMarkup(_ label: UnsafeMutablePointer<GtkWidget>, _ markup: String) {
        gtk_label_set_markup(UnsafeMutablePointer(OpaquePointer(label)), markup)
    }

    private static func escape(_ text: String) -> String {
        let escaped = g_markup_escape_text(text, -1)!
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
