// memory: N pages, each with a small document, and what they cost in PSS across the
// process and its WebKit processes.
//
// As in the C program, every page has a WebView, and the views are the tabs of one
// GtkNotebook in a shown window (WebView.gtkWidget in a container of the app's own):
// the first tab is drawn, the others are laid out but not mapped.
internal import CWebKitGTK
import Foundation
import WebKitGTK

enum MemoryBench {
    /// The C program's document for page `number`: about 2 KB of text with a title.
    static func document(_ number: Int) -> String {
        var html = "<!DOCTYPE html><title>Memory page \(number)</title><h1>Page \(number)</h1><p>"
        while html.utf8.count < 2048 {
            html += "Between the hills a long valley holds still water, reeds and a path of old stones. "
        }
        return html + "</p>"
    }

    @MainActor
    static func run(_ options: Options) async throws {
        let count = options.pages ?? (options.quick ? 2 : 1)
        let pages = (0..<count).map { _ in WebPage() }
        let views = pages.map { WebView($0) }
        let notebook = gtk_notebook_new()!
        for (index, view) in views.enumerated() {
            gtk_notebook_append_page(
                cast(notebook), UnsafeMutablePointer(view.gtkWidget), gtk_label_new("Page \(index + 1)"))
        }
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(cast(window), 1024, 768)
        gtk_container_add(cast(window), notebook)
        gtk_widget_show_all(window)
        // Every load starts at once; their events wait in their sequences until read.
        let base = URL(string: "bench://memory/")
        let loads = pages.enumerated().map { index, page in page.load(html: document(index + 1), baseURL: base) }
        try await waiting(for: "\(count) pages to finish loading") {
            for (index, events) in loads.enumerated() {
                var finished = false
                for try await event in events where event == .finished { finished = true }
                guard finished else { throw BenchError("page \(index + 1) ended its load without finishing") }
            }
        }
        try await Task.sleep(for: .seconds(2))
        report("memory", "pss_mib", try ProcessMemory.pssMiB(), "MiB", extra: [("pages", "\(count)")])
        withExtendedLifetime((window, views, pages)) {}
    }

    /// A GTK object pointer as another of its GObject types (GTK's cast macros).
    private static func cast<T>(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
        UnsafeMutablePointer(OpaquePointer(widget))
    }
}
