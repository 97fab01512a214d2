import CWebKitGTK
import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

@MainActor
@Suite(.serialized)
struct DownloadTests {
    private func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("lakes-downloads-\(UUID().uuidString)")
    }

    /// Loads `url` in a page that saves downloads in `directory`, and waits for the page's
    /// first download to end. The page is returned too, to keep it alive.
    private func download(_ url: URL, decider: RecordingDecider, into directory: URL) async throws -> (
        WebPage, Download
    ) {
        var configuration = WebPage.Configuration()
        configuration.downloadsDirectory = directory
        let page = WebPage(configuration: configuration, navigationDecider: decider)
        page.load(url)
        await until("a download started") { !page.downloads.isEmpty }
        let download = try #require(page.downloads.first)
        await until("the download ended") {
            if case .inProgress = download.state { return false }
            return true
        }
        return (page, download)
    }

    @Test func aNonDisplayableResponseIsDownloadedWithItsBytes() async throws {
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let server = try TestHTTPServer { _ in
            TestHTTPServer.Response(
                headers: [
                    "Content-Type": "application/x-lakes-archive",
                    "Content-Disposition": #"attachment; filename="../survey.lakes""#,
                ], body: bytes)
        }
        let decider = RecordingDecider()
        decider.responsePolicy = { $0.canShowMimeType ? .allow : .download }
        let directory = folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (page, download) = try await download(server.url("/survey"), decider: decider, into: directory)
        _ = page
        guard case .finished = download.state else {
            Issue.record("the download did not finish: \(download.state)")
            return
        }
        let destination = try #require(download.destination)
        #expect(destination.deletingLastPathComponent().path == directory.path)
        #expect(destination.lastPathComponent == "survey.lakes")
        #expect(try Data(contentsOf: destination) == bytes)
        #expect(download.receivedBytes == Int64(bytes.count))
        #expect(download.progress == 1)
        #expect(download.url == server.url("/survey"))
    }

    @Test func aDownloadCutShortFails() async throws {
        let server = try TestHTTPServer { _ in
            // Announces more than it sends, then closes the connection.
            var response = TestHTTPServer.Response(
                headers: ["Content-Type": "application/x-lakes-archive", "Content-Length": "100000"],
                body: Data(count: 1000))
            response.closeConnection = true
            return response
        }
        let decider = RecordingDecider()
        decider.responsePolicy = { _ in .download }
        let directory = folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (page, download) = try await download(server.url("/cut"), decider: decider, into: directory)
        _ = page
        guard case .failed = download.state else {
            Issue.record("expected a failure, got \(download.state)")
            return
        }
    }

    @Test(arguments: [
        ("lake.pdf", "lake.pdf"), ("../../etc/passwd", "passwd"), (".hidden", "hidden"), ("", "download"),
        ("a\\b.txt", "b.txt"),
    ])
    func suggestedNamesStayInsideTheFolder(_ suggested: String, _ expected: String) throws {
        let directory = folder()
        let file = Download.uniqueFile(in: directory, suggested: suggested)
        #expect(file.lastPathComponent == expected)
        #expect(file.deletingLastPathComponent().path == directory.path)
    }

    @Test func anExistingFileIsNeverOverwritten() throws {
        let directory = folder()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("old".utf8).write(to: directory.appendingPathComponent("lake.pdf"))
        #expect(Download.uniqueFile(in: directory, suggested: "lake.pdf").lastPathComponent == "lake (1).pdf")
    }

    @Test func aDownloadLinkIsSavedOnlyWhenTheDeciderAsksOrAPersonUsedTheContextMenu() async throws {
        let server = try TestHTTPServer { request in
            request.path == "/notes.txt"
                ? .init(headers: ["Content-Type": "text/plain"], body: Data("notes".utf8))
                : .html(html(title: "links", body: #"<a id="save" href="/notes.txt" download>save</a>"#))
        }
        let decider = RecordingDecider()
        let directory = folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = WebPage.Configuration()
        configuration.downloadsDirectory = directory
        let page = WebPage(configuration: configuration, navigationDecider: decider)
        _ = await outcome(of: page.load(server.url("/start")))
        let save = "document.getElementById('save').click()"

        // Allowed as a navigation, the link is not saved: WebKit would, and the page chose it.
        _ = try await page.evaluateForTesting(save)
        await never("the allowed link is saved", within: .milliseconds(500)) {
            !page.downloads.isEmpty || FileManager.default.fileExists(atPath: directory.path)
        }
        #expect(page.downloads.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.path))

        // Just after a person used WebKit's context menu (its "Download Linked File").
        let view = page.engineObjectForTesting
        var instance = GValue()
        g_value_init(&instance, webkit_web_view_get_type())
        g_value_set_object(&instance, UnsafeMutableRawPointer(view))
        g_signal_emitv(&instance, g_signal_lookup("context-menu-dismissed", webkit_web_view_get_type()), 0, nil)
        g_value_unset(&instance)
        _ = try await page.evaluateForTesting(save)
        await until("the menu's download was saved") { page.downloads.count == 1 }

        // Decided `.download`, as the link asks.
        decider.policy = { $0.shouldPerformDownload ? .download : .allow }
        try await Task.sleep(for: .seconds(2))  // the context menu is long closed
        _ = try await page.evaluateForTesting(save)
        await until("the decided download was saved") { page.downloads.count == 2 }
        await until("both files are written") {
            page.downloads.allSatisfy {
                if case .finished = $0.state { return true }
                return false
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 2)
    }
}
