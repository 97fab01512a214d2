import GTK

/// The window's header bar: back and forward, reload, the article's title and where it
/// is from, and at the end the primary menu, find, and logging a sighting.
///
/// Every button activates a window action, so the header holds no behaviour of its own.
@MainActor
final class WindowHeader {
    /// The widget to place as the window's title bar.
    let widget = Gtk.HeaderBar()
    private let reload = Gtk.Button(iconName: "view-refresh-symbolic")

    init() {
        let navigation = Gtk.Box(.horizontal)
        navigation.addStyleClass("linked")
        navigation.add(Self.button(.back, "go-previous-symbolic", localized("Back")))
        navigation.add(Self.button(.forward, "go-next-symbolic", localized("Forward")))
        widget.packStart(navigation)
        reload.setAction(WindowAction.reload.detailedName)
        reload.tooltip = localized("Reload")
        widget.packStart(reload)

        // Packed from the end: the menu is outermost, as in GNOME's apps.
        let menuButton = Gtk.MenuButton(iconName: "open-menu-symbolic", menu: Self.primaryMenu())
        menuButton.tooltip = localized("Main Menu")
        widget.packEnd(menuButton)
        widget.packEnd(Self.button(.find, "edit-find-symbolic", localized("Find in Page")))
        widget.packEnd(Self.button(.addLake, "list-add-symbolic", localized("Add a Lake")))
        widget.packEnd(Self.button(.sighting, "document-edit-symbolic", localized("Log a Sighting")))
        show(title: nil, subtitle: nil)
    }

    /// Shows the article's title ("Lakes" for none) and where it is from.
    func show(title: String?, subtitle: String?) {
        widget.title = title?.isEmpty == false ? title! : AppInfo.name
        widget.subtitle = subtitle
    }

    /// Turns the reload button into a stop button while a page loads.
    func showLoading(_ loading: Bool) {
        reload.setIcon(loading ? "process-stop-symbolic" : "view-refresh-symbolic")
        reload.tooltip = loading ? localized("Stop") : localized("Reload")
    }

    private static func button(_ action: WindowAction, _ icon: String, _ tooltip: String) -> Gtk.Button {
        let button = Gtk.Button(iconName: icon)
        button.setAction(action.detailedName)
        button.tooltip = tooltip
        return button
    }

    /// The primary menu: the reader's lakes, export, zoom, and the app's own entries.
    private static func primaryMenu() -> Gtk.Menu {
        let menu = Gtk.Menu()
        let lakes = Gtk.Menu()
        lakes.append(localized("Add a Lake…"), action: WindowAction.addLake.detailedName)
        lakes.append(localized("Remove This Lake"), action: "\(WindowAction.removeLake.detailedName)('')")
        lakes.append(localized("Log a Sighting"), action: WindowAction.sighting.detailedName)
        menu.appendSection(lakes)
        let page = Gtk.Menu()
        page.append(localized("Export as PDF…"), action: WindowAction.exportPDF.detailedName)
        page.append(localized("Zoom In"), action: WindowAction.zoomIn.detailedName)
        page.append(localized("Zoom Out"), action: WindowAction.zoomOut.detailedName)
        page.append(localized("Actual Size"), action: WindowAction.zoomReset.detailedName)
        page.append(localized("Show Sidebar"), action: WindowAction.toggleSidebar.detailedName)
        menu.appendSection(page)
        let app = Gtk.Menu()
        app.append(localized("Keyboard Shortcuts"), action: AppAction.shortcuts.detailedName)
        app.append(localized("About Lakes"), action: AppAction.about.detailedName)
        menu.appendSection(app)
        return menu
    }
}
