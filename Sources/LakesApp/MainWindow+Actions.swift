import Foundation
import GTK
import WebKitGTK

extension MainWindow {
    /// The zoom levels zooming in and out steps through.
    static let zoomSteps = [0.5, 0.67, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3]

    /// Adds every ``WindowAction`` to the window, with its shortcuts.
    func installActions(_ application: Gtk.Application) {
        for action in WindowAction.allCases {
            let made = Gtk.SimpleAction(action.rawValue, parameter: action.parameter, state: initialState(of: action)) {
                [weak self] parameter in
                self?.perform(action, parameter)
            }
            window.addAction(made)
            actions[action] = made
            if !action.accelerators.isEmpty {
                application.setAccelerators(action.accelerators, for: action.detailedName)
            }
        }
    }

    private func initialState(of action: WindowAction) -> Gtk.Variant? {
        switch action {
        case .find: Gtk.Variant(false)
        case .toggleSidebar: Gtk.Variant(true)
        case .article, .section: Gtk.Variant("")
        case .sections: Gtk.Variant(strings: [])
        default: nil
        }
    }

    /// Sets the state of a stateful action.
    func setState(_ action: WindowAction, _ value: Gtk.Variant) {
        actions[action]?.state = value
    }

    /// Enables or disables an action, and the buttons and menu items that activate it.
    func setEnabled(_ action: WindowAction, _ enabled: Bool) {
        actions[action]?.isEnabled = enabled
    }

    private func perform(_ action: WindowAction, _ parameter: Gtk.Variant?) {
        switch action {
        case .back: page.goBack()
        case .forward: page.goForward()
        case .reload:
            if isCrashed {
                reloadAfterCrash()
            } else if page.isLoading {
                page.stopLoading()
            } else if let requested, showsOfflineCopy {
                open(requested)  // try the network again
            } else {
                page.reload()
            }
        case .find: webView.findNavigator.isPresented.toggle()
        case .zoomIn:
            zoom(to: Self.zoomSteps.first { $0 > webView.magnification + 0.001 } ?? Self.zoomSteps.last!)
        case .zoomOut:
            zoom(to: Self.zoomSteps.last { $0 < webView.magnification - 0.001 } ?? Self.zoomSteps.first!)
        case .zoomReset: zoom(to: 1)
        case .article:
            guard let key = parameter?.string else { return }
            open(key: key)
        case .section:
            guard let id = parameter?.string, sidebar.sections.contains(where: { $0.id == id }) else { return }
            showCurrentSection(id)
            Task { @MainActor in try? await page.scroll(to: ScrollPosition(id: id, anchor: .top), animated: true) }
        case .sections:
            if let url = page.url { readSections(of: url) }
        case .addLake: AddLakeDialog.present(over: window) { [weak self] url in self?.add(url) }
        case .removeLake:
            let key = parameter?.string ?? ""
            guard let lake = key.isEmpty ? lakes.lake(for: page.url) : lakes.lakes.first(where: { $0.id == key })
            else { return }
            remove(lake)
        case .exportPDF: Task { @MainActor in await exportPDF() }
        case .sighting: open(SightingForm.url)
        case .toggleSidebar:
            sidebar.widget.isVisible.toggle()
            setState(.toggleSidebar, Gtk.Variant(sidebar.widget.isVisible))
        }
    }

    private func zoom(to level: Double) {
        webView.magnification = level
        settings.zoom = level
    }

    /// Adds the lake at `url` to the reader's own and opens it.
    func add(_ url: URL) {
        do {
            try lakes.add(url)
        } catch {
            area.showNotice(String(format: localized("The lake could not be added: %@"), error.localizedDescription))
            return
        }
        open(url)
    }

    private func remove(_ lake: AddedLake) {
        let wasOpen = [page.url, requested].contains { lakes.lake(for: $0)?.id == lake.id }
        do {
            try lakes.remove(lake.url)
        } catch {
            area.showNotice(String(format: localized("The lake could not be removed: %@"), error.localizedDescription))
            return
        }
        if wasOpen, let first = catalog.articles.first { open(first.url) }
    }

    /// Asks where to save, then writes the page there as a paginated PDF (atomically).
    private func exportPDF() async {
        let name = (page.title.isEmpty ? AppInfo.name : page.title) + ".pdf"
        guard let destination = await presenter.chooseSaveLocation(suggestedName: name) else { return }
        do {
            try await page.printedPDF().write(to: destination, options: .atomic)
        } catch {
            area.showNotice(String(format: localized("The PDF could not be saved: %@"), String(describing: error)))
        }
    }
}
