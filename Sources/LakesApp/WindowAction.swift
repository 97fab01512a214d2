import GTK

/// Every command of a Lakes window, declared once: its `win.` action name, what it takes
/// and holds, its keyboard shortcuts and how the shortcuts window lists it.
///
/// `GtkApplication` exports these actions on the session bus (`org.gtk.Actions` at
/// `/io/github/lakes/Lakes/window/<id>`), so their states are what other programs see of
/// a window: the open article, its sections, the current section, the find bar.
enum WindowAction: String, CaseIterable {
    case back, forward, reload
    case find
    case zoomIn = "zoom-in", zoomOut = "zoom-out", zoomReset = "zoom-reset"
    /// Opens an article: a bundled one's slug, or an added one's address. State: the open one.
    case article
    /// Scrolls to a section by its heading's id. State: the section being read.
    case section
    /// Reads the open article's sections again. State: their ids, in order.
    case sections
    case addLake = "add-lake"
    /// Removes an added lake, by its address; the open one for an empty string.
    case removeLake = "remove-lake"
    case exportPDF = "export-pdf"
    case sighting
    /// Shows or hides the sidebar. State: whether it is shown.
    case toggleSidebar = "toggle-sidebar"

    /// The name to activate it by, as `win.reload`.
    var detailedName: String { "win.\(rawValue)" }

    /// The type of value it is activated with, if any.
    var parameter: Gtk.ValueType? {
        switch self {
        case .article, .section, .removeLake: .string
        default: nil
        }
    }

    /// Its keyboard shortcuts, in GTK's accelerator syntax; the first is the one shown.
    var accelerators: [String] {
        switch self {
        case .back: ["<Alt>Left", "Back"]
        case .forward: ["<Alt>Right", "Forward"]
        case .reload: ["<Control>r", "F5"]
        case .find: ["<Control>f"]
        case .zoomIn: ["<Control>plus", "<Control>equal", "<Control>KP_Add"]
        case .zoomOut: ["<Control>minus", "<Control>KP_Subtract"]
        case .zoomReset: ["<Control>0", "<Control>KP_0"]
        case .addLake: ["<Control>l"]
        case .exportPDF: ["<Control><Shift>e"]
        case .sighting: ["<Control>n"]
        case .toggleSidebar: ["F9"]
        case .article, .section, .sections, .removeLake: []
        }
    }

    /// What the shortcuts window calls it; nil for commands without a shortcut.
    var shortcutTitle: String? {
        switch self {
        case .back: localized("Go back")
        case .forward: localized("Go forward")
        case .reload: localized("Reload the article")
        case .find: localized("Find in the article")
        case .zoomIn: localized("Zoom in")
        case .zoomOut: localized("Zoom out")
        case .zoomReset: localized("Reset the zoom")
        case .addLake: localized("Add a lake by its web address")
        case .exportPDF: localized("Export as PDF")
        case .sighting: localized("Log a sighting")
        case .toggleSidebar: localized("Show or hide the sidebar")
        case .article, .section, .sections, .removeLake: nil
        }
    }
}

/// The commands of the whole app, `app.` actions.
enum AppAction: String, CaseIterable {
    case shortcuts, about, quit

    var detailedName: String { "app.\(rawValue)" }

    var accelerators: [String] {
        switch self {
        case .shortcuts: ["<Control>question"]
        case .about: []
        case .quit: ["<Control>q"]
        }
    }

    var shortcutTitle: String? {
        switch self {
        case .shortcuts: localized("Show the keyboard shortcuts")
        case .about: nil
        case .quit: localized("Quit")
        }
    }
}

extension Gtk {
    /// The groups the shortcuts window lists, from the actions' own declarations.
    static var lakesShortcutGroups: [ShortcutGroup] {
        func entries(_ actions: [WindowAction]) -> [(title: String, accelerator: String)] {
            actions.compactMap { action in
                action.shortcutTitle.map { ($0, action.accelerators[0]) }
            }
        }
        return [
            ShortcutGroup(
                title: localized("Reading"),
                shortcuts: entries([.back, .forward, .reload, .find, .toggleSidebar, .zoomIn, .zoomOut, .zoomReset])),
            ShortcutGroup(title: localized("Articles"), shortcuts: entries([.addLake, .sighting, .exportPDF])),
            ShortcutGroup(
                title: localized("General"),
                shortcuts: AppAction.allCases.compactMap { action in
                    action.shortcutTitle.map { ($0, action.accelerators[0]) }
                }),
        ]
    }
}
