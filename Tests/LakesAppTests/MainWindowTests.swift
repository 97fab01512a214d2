import CWebKitGTK
import Foundation
import GTK
import TestSupport
import Testing
import WebKitGTKTesting

@testable import LakesApp
@testable import WebKitGTK

/// The application the test windows belong to: registered, as GTK wants, but unique to
/// this process and off any bus.
@MainActor
let testApplication: Gtk.Application = {
    let application = Gtk.Application(id: "io.github.lakes.LakesTests", handlesOpen: false)
    application.makeNonUnique()
    try? application.register()
    return application
}()

/// A Lakes window over the bundled articles, with its own folder for added lakes.
@MainActor
func makeWindow(folder: URL) throws -> MainWindow {
    let content = try #require(ContentLocation.find(), "the bundled articles are found from the test binary")
    let services = AppServices(
        contentDirectory: content, catalog: try ArticleCatalog(contentDirectory: content), contentProblem: nil,
        dataStore: .nonPersistent(), isAutomated: false,
        sightings: SightingStore(file: folder.appendingPathComponent("sightings.json")),
        lakes: AddedLakeStore(folder: folder), settings: AppSettings.from(schemaFolder: folder, keyFile: nil),
        opener: ExternalOpener(program: "true"))
    let window = MainWindow(application: testApplication, services: services)
    window.present()
    return window
}

/// The web processes this test process runs now, in WebKit's sandbox or not.
private func webProcesses() -> Set<Int32> { Set(WebProcess.all().map(\.pid)) }

@MainActor
@Suite(.serialized)
struct MainWindowTests {
    @Test func aKilledWebProcessShowsTheCrashPageAndReloadBringsTheReaderBack() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = webProcesses()
        let window = try makeWindow(folder: folder)
        defer { window.window.destroy() }
        let tahoe = try #require(window.catalog.article(slug: "tahoe"))
        window.open(tahoe.url)
        await until("the article is shown with its sections") {
            window.page.currentNavigationEvent?.event == .finished && window.sidebar.sections.count > 3
        }
        try await window.page.scroll(to: ScrollPosition(y: 900))
        await until("the window knows where the reader is") { abs(window.readingOffset - 900) < 2 }

        let processes = webProcesses().subtracting(before)
        try #require(!processes.isEmpty, "the page's web process is found")
        for process in processes { kill(process, SIGKILL) }
        await until("the crash page is shown") { window.area.showsCrash }
        #expect(window.isCrashed)
        #expect(window.header.widget.title == tahoe.title, "the header keeps the article")
        #expect(window.header.widget.subtitle == tahoe.location)
        #expect(window.actions[.article]?.state?.string == "tahoe", "the sidebar keeps the article")

        window.window.activateAction(WindowAction.reload.rawValue)
        await until("the article is back") {
            !window.area.showsCrash && window.page.currentNavigationEvent?.event == .finished
        }
        #expect(!window.isCrashed)
        #expect(window.page.url == tahoe.url)
        await until("the reader is back where they were") {
            abs((window.page.scrollGeometry?.contentOffset.y ?? 0) - 900) < 2
        }
        #expect(window.header.widget.title == tahoe.title)
    }

    @Test func anArticleThatStopsAnsweringCanBeStoppedAndReloaded() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-hang-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let window = try makeWindow(folder: folder)
        defer { window.window.destroy() }
        let baikal = try #require(window.catalog.article(slug: "baikal"))
        window.open(baikal.url)
        await until("the article is shown") { window.page.currentNavigationEvent?.event == .finished }
        #expect(!window.area.showsNotResponding)

        try await window.page.callJavaScript("setTimeout(() => { for (;;) {} }, 200)")
        try await Task.sleep(for: .milliseconds(500))
        pressDownKey(in: window.page)
        await until("the window says the article does not respond") { window.area.showsNotResponding }
        #expect(!window.area.showsCrash)

        window.area.onStop()  // the bar's Stop button
        await until("the crash page is shown") { window.area.showsCrash }
        #expect(!window.area.showsNotResponding)
        #expect(window.header.widget.title == baikal.title, "the header keeps the article")

        window.window.activateAction(WindowAction.reload.rawValue)
        await until("the article is back") {
            !window.area.showsCrash && window.page.currentNavigationEvent?.event == .finished
        }
        #expect(window.page.url == baikal.url)
        #expect(window.page.isWebContentProcessResponsive)
        #expect(!window.area.showsNotResponding)
    }

    @Test func anAddedLakeOpensFromItsOfflineCopyWhenItsSiteIsGone() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-offline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let article = """
            <!doctype html><html><head><title>Lake Geneva</title>
            <link rel="stylesheet" href="/style.css"></head>
            <body><main><h1>Lake Geneva</h1><p>A lake on the Rhône.</p>
            <h2>Geography</h2><p>Between Switzerland and France.</p>
            <h2 id="history">History</h2><p>Roman Lousonna.</p><h3>Steamers</h3><p>Belle Époque boats.</p>
            </main></body></html>
            """
        var server: TestHTTPServer? = try TestHTTPServer { request in
            if request.path == "/style.css" {
                return TestHTTPServer.Response(
                    headers: ["Content-Type": "text/css"], body: Data("h2 { color: rgb(0, 90, 140); }".utf8))
            }
            return .html(article)
        }
        let url = try #require(server?.url("/geneva.html"))
        let window = try makeWindow(folder: folder)
        defer { window.window.destroy() }

        window.add(url)
        #expect(window.lakes.lakes.map(\.url) == [url])
        await until("the offline copy is kept") { window.lakes.offlineCopy(for: url) != nil }
        #expect(window.lakes.lakes.first?.title == "Lake Geneva", "the page's title names the lake")
        #expect(window.sidebar.added.map(\.title) == ["Lake Geneva"])
        await until("the web article has sections, ids made where it had none") {
            window.sidebar.sections.map(\.title) == ["Geography", "History", "Steamers"]
        }
        #expect(window.sidebar.sections.map(\.id) == ["lakes-section-1", "history", "lakes-section-2"])
        #expect(!window.showsOfflineCopy)
        let archive = try #require(window.lakes.offlineCopy(for: url))
        let text = String(decoding: archive, as: UTF8.self)
        #expect(text.contains("Content-Type: text/css"), "the style sheet is in the copy")
        #expect(text.contains("Content-Location: \(url.absoluteString)"))

        server = nil  // the site goes away
        window.open(try #require(window.catalog.article(slug: "baikal")).url)
        await until("another article is shown") { window.page.title == "Lake Baikal" }
        window.window.activateAction(WindowAction.article.rawValue, Gtk.Variant(url.absoluteString))
        await until("the offline copy is shown") {
            window.showsOfflineCopy && window.page.title == "Lake Geneva"
                && window.page.currentNavigationEvent?.event == .finished
        }
        #expect(window.page.url == window.lakes.offlineCopyFile(for: url))
        #expect(window.header.widget.subtitle?.contains("127.0.0.1") == true)
        #expect(window.header.widget.subtitle != "127.0.0.1", "the header says it is the offline copy")
        #expect(window.area.shownNotice != nil)
        let color = try await window.page.callJavaScript(
            "return getComputedStyle(document.querySelector('h2')).color", as: String.self)
        #expect(color == "rgb(0, 90, 140)", "the copy brings its style sheet")
        await until("the sections come from the copy") { window.sidebar.sections.count == 3 }
        #expect(window.actions[.article]?.state?.string == url.absoluteString)
    }

    @Test func removingTheOpenLakeForgetsItAndItsCopy() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-remove-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try TestHTTPServer { _ in .html(html(title: "Lake Como", body: "<h2>Villas</h2>")) }
        let window = try makeWindow(folder: folder)
        defer { window.window.destroy() }
        let url = server.url("/como")
        window.add(url)
        await until("the offline copy is kept") { window.lakes.offlineCopy(for: url) != nil }
        #expect(window.actions[.removeLake]?.isEnabled == true)
        window.window.activateAction(WindowAction.removeLake.rawValue, Gtk.Variant(""))
        #expect(window.lakes.lakes.isEmpty)
        #expect(window.lakes.offlineCopy(for: url) == nil)
        #expect(window.sidebar.added.isEmpty)
        await until("the first bundled article is shown instead") { window.page.title == "Lake Tahoe" }
        #expect(window.actions[.removeLake]?.isEnabled == false)
    }

    @Test func anOpenedArticleIsHighlightedAtOnce() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-select-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let window = try makeWindow(folder: folder)
        defer { window.window.destroy() }
        window.open(try #require(window.catalog.article(slug: "baikal")).url)
        // No turn of the main loop in between: the row is highlighted before any frame is drawn.
        #expect(window.sidebar.selectedKey == "baikal")
        await until("the article is shown") { window.page.currentNavigationEvent?.event == .finished }
        #expect(window.sidebar.selectedKey == "baikal")

        window.open(try #require(URL(string: "data:text/html,<title>Elsewhere</title>")))
        #expect(window.sidebar.selectedKey == nil, "a page the sidebar does not list highlights no row")
        await until("the page is shown") { window.page.title == "Elsewhere" }
        #expect(window.sidebar.selectedKey == nil)
    }

    @Test func theArticleAreaIsClearUntilAnArticleCommits() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-clear-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let window = try makeWindow(folder: folder)
        defer { window.window.destroy() }
        func backgroundAlpha() -> Double {
            var color = GdkRGBA()
            webkit_web_view_get_background_color(window.page.webView, &color)
            return color.alpha
        }
        #expect(backgroundAlpha() == 0, "before any article the window's background shows, not WebKit's white")
        window.open(try #require(window.catalog.article(slug: "titicaca")).url)
        await until("a page without a background of its own is on white again") { backgroundAlpha() == 1 }
        let event = window.page.currentNavigationEvent?.event
        #expect(event == .committed || event == .finished, "white comes back with the commit, not before")
    }

    @Test func theWindowRemembersItsZoomAndArticle() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let window = try makeWindow(folder: folder)
        let settings = window.settings
        window.open(try #require(window.catalog.article(slug: "victoria")).url)
        await until("the article is shown") { window.page.title == "Lake Victoria" }
        window.window.activateAction(WindowAction.zoomIn.rawValue)
        #expect(window.webView.magnification == 1.1)
        window.window.destroy()
        #expect(settings.zoom == 1.1)
        #expect(settings.lastArticle == "victoria")
        #expect(settings.sidebarWidth >= 180)
    }
}

/// The desktop's dark preference reaches GTK, and through it the articles.
@MainActor
@Suite(.serialized)
struct ColorSchemeTests {
    private func prefersDark(_ page: WebPage) async throws -> Bool {
        try await page.callJavaScript("return matchMedia('(prefers-color-scheme: dark)').matches", as: Bool.self)
    }

    @Test func theDesktopsPreferenceAndADarkThemeMakeTheArticleDark() async throws {
        let page = WebPage()
        _ = WebView(page)
        _ = await outcome(of: page.load(html: "<title>Style</title><p>Water"))
        let desktop = try #require(ColorSchemeFollower.desktopSettings(backend: .memory))
        let follower = ColorSchemeFollower(environment: [:], desktop: desktop)
        #expect(!follower.desktopPrefersDark)
        #expect(try await !prefersDark(page))

        desktop.setEnumValue("color-scheme", 1)  // prefer-dark, as GNOME's Settings sets it
        #expect(follower.desktopPrefersDark)
        await until("the article turns dark") { (try? await prefersDark(page)) == true }
        desktop.setEnumValue("color-scheme", 2)  // prefer-light
        await until("and light again") { (try? await prefersDark(page)) == false }

        let forced = ColorSchemeFollower(environment: ["GTK_THEME": "Adwaita:dark"], desktop: desktop)
        await until("a dark theme makes it dark") { (try? await prefersDark(page)) == true }
        _ = ColorSchemeFollower(environment: [:], desktop: desktop)
        await until("the light preference is back") { (try? await prefersDark(page)) == false }
        _ = forced
    }
}
