import Foundation
import GLibBridge
import GTK
import WebKitGTK

extension MainWindow {
    // MARK: Following the page

    func observePage() {
        followers.follow({ [page] in page.title }) { [weak self] _ in self?.showHeading() }
        followers.follow({ [page] in page.url }) { [weak self] url in
            guard let self, !isCrashed else { return }
            let key = entryKey(for: url)
            sidebar.select(key: key)
            setState(.article, Gtk.Variant(key ?? ""))
            if let key { settings.lastArticle = key }
            showHeading()
        }
        followers.follow({ [page] in Self.finishedNavigation(page.currentNavigationEvent) }) { [weak self] finished in
            guard let self, finished != nil, let url = page.url else { return }
            if !isCrashed { restoreReadingPosition(url) }
            showHeading()
            readSections(of: url)
        }
        // On each commit: a dialog loop the reader silenced stays silenced on its own page only,
        // and a page that paints no background of its own is on white, as in any browser;
        // before the first commit the view is clear (see `init`).
        followers.follow({ [page] in
            page.currentNavigationEvent?.event == .committed ? page.currentNavigationEvent?.navigationID : nil
        }) { [weak self] committed in
            guard let self, committed != nil else { return }
            presenter.pageChanged()
            webView.webViewContentBackground(.automatic)
        }
        followers.follow({ [page] in page.canGoBack }) { [weak self] in self?.setEnabled(.back, $0) }
        followers.follow({ [page] in page.canGoForward }) { [weak self] in self?.setEnabled(.forward, $0) }
        followers.follow({ [webView] in webView.findNavigator.isPresented }) { [weak self] shown in
            self?.setState(.find, Gtk.Variant(shown))
        }
        followers.follow({ [page] in page.isLoading }) { [weak self] loading in
            self?.header.showLoading(loading)
            self?.showProgress()
        }
        followers.follow({ [page] in page.estimatedProgress }) { [weak self] _ in self?.showProgress() }
        // A page stuck in a script: offer to stop it. Stopping it ends its web process, and the
        // crash page then offers to reload it.
        followers.follow({ [page] in page.isWebContentProcessResponsive }) { [weak self] responsive in
            self?.area.showNotResponding(!responsive)
        }
        area.onStop = { [weak self] in self?.stopUnresponsivePage() }
        // The store is not observable; it says when it changes (see `init`).
        followers.follow({ [page, lakes] in lakes.lake(for: page.url) != nil }) { [weak self] isAdded in
            self?.setEnabled(.removeLake, isAdded)
        }
        // The sidebar follows the reader; headings move when the layout does, so re-read them then.
        webView
            .webViewOnScrollGeometryChange(for: ScrollGeometry.self, of: { $0 }) { [weak self] _, geometry in
                self?.followScroll(geometry)
            }
            .webViewOnScrollGeometryChange(for: CGSize.self, of: \.contentSize) { [weak self] _, _ in
                guard let self, let url = page.url else { return }
                readSections(of: url)
            }
        watchForCrashes()
    }

    /// The navigation the page last finished, from its newest navigation event; nil while
    /// one is under way. The window reads a finished page (its sections, among others) once
    /// for each.
    ///
    /// Not by the page's address: going back or forward changes it at once, while the old
    /// navigation's finish is still the newest event and the old document still shown. The
    /// sections were read from that document then, and when the navigation's own events
    /// came all together, as they do on a busy machine, its finish went unnoticed: the
    /// address was the one already read.
    static func finishedNavigation(_ update: WebPage.NavigationUpdate?) -> WebPage.NavigationID? {
        update.flatMap { $0.event == .finished ? $0.navigationID : nil }
    }

    /// Shows the article's title and where it is from in the header and the window title.
    ///
    /// While the crash page is shown, the page has no document, so the article the reader
    /// asked for is named instead.
    func showHeading() {
        let url = isCrashed ? requested : page.url
        let known = catalog.article(for: url)?.title ?? lakes.lake(for: url)?.title
        let title = isCrashed || page.title.isEmpty ? known : page.title
        var subtitle: String?
        if let article = catalog.article(for: url) {
            subtitle = article.location
        } else if let lake = lakes.lake(for: url), let host = lake.url.host() {
            subtitle = showsOfflineCopy ? String(format: localized("Offline copy · %@"), host) : host
        } else if url?.scheme != ArticleCatalog.scheme {
            subtitle = url?.host()
        }
        header.show(title: title, subtitle: subtitle)
        window.title = title ?? AppInfo.name
    }

    func showProgress() {
        area.showProgress(page.isLoading ? page.estimatedProgress : nil)
    }

    // MARK: Sections

    private func followScroll(_ geometry: ScrollGeometry) {
        // A page that lost its document reports no content; the reader was elsewhere.
        if geometry.contentSize.height > 0 { readingOffset = geometry.contentOffset.y }
        let current = SectionFollower.current(
            sections: sidebar.sections.map { ($0.id, $0.top) }, offset: geometry.contentOffset.y,
            viewport: geometry.containerSize.height, contentHeight: geometry.contentSize.height)
        showCurrentSection(current)
    }

    /// Highlights the section with `id` (or none) in the sidebar and in `win.section`.
    func showCurrentSection(_ id: String?) {
        sidebar.selectSection(id)
        setState(.section, Gtk.Variant(id ?? ""))
    }

    /// Fills the sidebar's sections from the article the page shows.
    func readSections(of url: URL) {
        Task { @MainActor in
            let sections: [ArticleSection]
            do {
                sections = try await ArticleSection.read(from: page)
            } catch {
                guard isOpen, page.url == url else { return }
                Log.lakes.message("cannot read the sections of \(url): \(error)")
                sections = []
            }
            // The reader moved on meanwhile, or closed the window and its widgets are gone.
            guard isOpen, page.url == url else { return }
            sidebar.show(sections: sections)
            setState(.sections, Gtk.Variant(strings: sections.map(\.id)))
            if let geometry = page.scrollGeometry { followScroll(geometry) } else { showCurrentSection(nil) }
        }
    }

    // MARK: Crashes

    /// Shows the crash page whenever the page's web process ends.
    ///
    /// `navigations` throws ``WebPage/NavigationError/webContentProcessTerminated`` when
    /// it does, loading or not, and ends with any failure, so it is followed anew each time.
    private func watchForCrashes() {
        Task { @MainActor [weak self, page] in
            while !page.isClosed {
                do {
                    for try await _ in page.navigations {}
                } catch WebPage.NavigationError.webContentProcessTerminated {
                    self?.showCrashPage()
                } catch {
                    // Another navigation failed; the sequence ended with it.
                }
                if self == nil { return }
            }
        }
    }

    private func showCrashPage() {
        guard isOpen, !isCrashed else { return }
        Log.lakes.message("the web process of \(requested?.absoluteString ?? "the page") ended")
        isCrashed = true
        pendingOffset = readingOffset
        webView.findNavigator.isPresented = false
        area.showsCrash = true
        // The engine may have cleared the address and title just before it said why: the
        // header and the sidebar go on naming the reader's article.
        let key = entryKey(for: requested)
        sidebar.select(key: key)
        setState(.article, Gtk.Variant(key ?? ""))
        showHeading()
    }

    /// Ends the web process of the page that stopped answering, at the reader's word.
    private func stopUnresponsivePage() {
        Log.lakes.message("stopping \(requested?.absoluteString ?? "the page"): it does not respond")
        area.showNotResponding(false)
        page.terminateWebContentProcess()
    }

    func leaveCrashPage() {
        guard isCrashed else { return }
        isCrashed = false
        area.showsCrash = false
    }

    /// Loads the article again after a crash; once it finished, the page scrolls back to
    /// where the reader was (see ``observePage()``).
    func reloadAfterCrash() {
        guard let url = requested ?? page.url else { return }
        open(url)
    }

    /// Puts the reader back where they were before the crash, once the article is back.
    private func restoreReadingPosition(_ url: URL) {
        guard let offset = pendingOffset, url == requested else { return }
        pendingOffset = nil
        guard offset > 0 else { return }
        Task { @MainActor in try? await page.scroll(to: ScrollPosition(y: offset)) }
    }

    // MARK: Offline copies

    /// Saves the page an added lake shows as its offline copy, and keeps its title.
    func keepOfflineCopy(of url: URL) async {
        guard !showsOfflineCopy else { return }
        try? lakes.rename(url, to: page.title)
        do {
            let archive = try await page.webArchiveData()
            try lakes.saveOfflineCopy(archive, for: url)
        } catch {
            Log.lakes.message("cannot keep an offline copy of \(url): \(error)")
        }
    }

    /// Shows the offline copy of an added lake whose page could not be loaded.
    ///
    /// WebKit opens a web archive only from a local file, so the copy is loaded from its
    /// `file:` URL; the window maps that back to the lake.
    func openOfflineCopy(of url: URL, because error: any Error) {
        guard isOpen, requested == url else { return }
        guard lakes.hasOfflineCopy(for: url) else {
            area.showNotice(
                String(
                    format: localized("%@ could not be reached, and there is no offline copy yet."), url.host() ?? ""))
            return
        }
        Log.lakes.message("opening the offline copy of \(url): \(error)")
        showsOfflineCopy = true
        let copy = lakes.offlineCopyFile(for: url)
        decider.willLoad(copy)
        page.load(copy)
        showHeading()
        area.showNotice(localized("The page could not be reached, so its offline copy is shown."))
    }
}
