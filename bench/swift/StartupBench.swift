// startup: a window and a page, a small document, and the times from the driver's spawn
// to the load's end and to the page's second animation frame.
import Foundation
import WebKitGTK

enum StartupBench {
    /// The C program's page, byte for byte.
    static let html = """
        <!DOCTYPE html><html><head><meta charset="utf-8"><title>Bench</title></head><body>
        <h1>Start</h1><p>A small page, loaded as a string, to time how soon a window shows it.</p>
        <script>
        addEventListener('load', () =>
            requestAnimationFrame(() => requestAnimationFrame(() => webkit.messageHandlers.bench.postMessage('frame'))));
        </script>
        </body></html>
        """

    @MainActor
    static func run(_ options: Options) async throws {
        let frame = Latch()
        let configuration = WebPage.Configuration()
        configuration.userContentController.addScriptMessageHandler(name: "bench") { message in
            guard message.body as? String == "frame", !frame.isOpen else { return }
            frame.open()
        }
        let page = WebPage(configuration: configuration)
        let window = showInWindow(page)
        let finishedAt = try await loadHTML(
            html, baseURL: URL(string: "bench://start/"), in: page, what: "the start page to finish loading")
        try await waiting(for: "the start page's second animation frame") { await frame.wait() }
        report("startup", "finished_ms", milliseconds(from: options.t0, to: finishedAt), "ms")
        report("startup", "first_frame_ms", milliseconds(from: options.t0, to: frame.openedAt!), "ms")
        withExtendedLifetime(window) {}
    }
}
