import Foundation
import TestSupport
import Testing
import WebKitGTKTesting

@testable import WebKitGTK

/// Saves each download in a folder, as an app's delegate would.
private final class Saver: NSObject, WKDownloadDelegate {
    let folder: URL
    var suggested: [String] = []
    var finished: [WKDownload] = []
    var failures: [any Error] = []
    init(folder: URL) { self.folder = folder }

    func download(
        _ download: WKDownload, decideDestinationUsing response: URLResponse, suggestedFilename: String,
        completionHandler: @escaping @MainActor @Sendable (URL?) -> Void
    ) {
        suggested.append(suggestedFilename)
        completionHandler(folder.appendingPathComponent("chosen-\(suggested.count)-" + suggestedFilename))
    }

    func downloadDidFinish(_ download: WKDownload) { finished.append(download) }

    func download(_ download: WKDownload, didFailWithError error: any Error, resumeData: Data?) {
        failures.append(error)
    }
}

/// Answers the destination in the async form, with nothing.
private final class Refuser: NSObject, WKDownloadDelegate {
    var failures: [any Error] = []
    func download(_ download: WKDownload, decideDestinationUsing response: URLResponse, suggestedFilename: String)
        async -> URL?
    { nil }
    func download(_ download: WKDownload, didFailWithError error: any Error, resumeData: Data?) {
        failures.append(error)
    }
}

/// Never calls the destination handler.
private final class Forgetter: NSObject, WKDownloadDelegate {
    var failures: [any Error] = []
    func download(
        _ download: WKDownload, decideDestinationUsing response: URLResponse, suggestedFilename: String,
        completionHandler: @escaping (URL?) -> Void
    ) {}
    func download(_ download: WKDownload, didFailWithError error: any Error, resumeData: Data?) {
        failures.append(error)
    }
}

/// Turns navigations to `/files/` into downloads, and hands each to the saver.
private final class Downloader: NSObject, WKNavigationDelegate {
    let saver: Saver
    var becameFromAction: [WKDownload] = []
    var becameFromResponse: [WKDownload] = []
    init(saver: Saver) { self.saver = saver }

    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        decisionHandler(navigationAction.request.url?.path.hasPrefix("/files/action") == true ? .download : .allow)
    }

    func webView(
        _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void
    ) {
        decisionHandler(navigationResponse.canShowMIMEType ? .allow : .download)
    }

    func webView(_ webView: WKWebView, navigationAction: WKNavigationAction, didBecome download: WKDownload) {
        becameFromAction.append(download)
        download.delegate = saver
    }

    func webView(_ webView: WKWebView, navigationResponse: WKNavigationResponse, didBecome download: WKDownload) {
        becameFromResponse.append(download)
        download.delegate = saver
    }
}

@MainActor
@Suite(.serialized)
struct WKDownloadTests {
    private let bytes = Data((0..<150_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })

    private func server() throws -> TestHTTPServer {
        let bytes = bytes
        return try TestHTTPServer { request in
            guard request.path.hasPrefix("/files/") else { return .html(html(title: "home")) }
            return TestHTTPServer.Response(
                headers: [
                    "Content-Type": "application/x-lakes-survey",
                    "Content-Disposition": #"attachment; filename="survey.lakes""#,
                ], body: bytes)
        }
    }

    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wk-downloads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func startDownloadSavesWhereTheDelegateChose() async throws {
        let server = try server()
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saver = Saver(folder: folder)
        let webView = WKWebView()
        var handed: WKDownload?
        webView.startDownload(using: URLRequest(url: server.url("/files/survey"))) { download in
            download.delegate = saver
            handed = download
        }
        await until("the download finished") {
            !saver.finished.isEmpty || !saver.failures.isEmpty
        }
        #expect(saver.failures.isEmpty)
        #expect(saver.finished.first === handed)
        #expect(handed?.originalRequest?.url == server.url("/files/survey"))
        #expect(handed?.webView === webView)
        #expect(saver.suggested == ["survey.lakes"])
        #expect(try Data(contentsOf: folder.appendingPathComponent("chosen-1-survey.lakes")) == bytes)
        #expect(handed?.progress.completedUnitCount == Int64(bytes.count))
    }

    @Test func theAsyncFormHandsTheDownloadOverToo() async throws {
        let server = try server()
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saver = Saver(folder: folder)
        let webView = WKWebView()
        let download = await webView.startDownload(using: URLRequest(url: server.url("/files/async")))
        download.delegate = saver
        await until("the download finished") { !saver.finished.isEmpty }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("chosen-1-survey.lakes").path))
    }

    @Test func navigationsAnsweredDownloadBecomeDownloads() async throws {
        let server = try server()
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saver = Saver(folder: folder)
        let delegate = Downloader(saver: saver)
        let webView = WKWebView()
        webView.navigationDelegate = delegate
        webView.load(URLRequest(url: server.url("/files/action")))
        await until("the action's download finished") { saver.finished.count == 1 }
        #expect(delegate.becameFromAction.count == 1)
        #expect(delegate.becameFromAction.first?.originalRequest?.url == server.url("/files/action"))
        #expect(delegate.becameFromResponse.isEmpty)

        // A response the web view cannot show, answered `.download`.
        webView.load(URLRequest(url: server.url("/files/response")))
        await until("the response's download finished") { saver.finished.count == 2 }
        #expect(delegate.becameFromResponse.count == 1)
        #expect(delegate.becameFromAction.count == 1)
        #expect(saver.failures.isEmpty)
    }

    @Test func noDestinationCancelsTheDownloadAndTheWebViewGoesOn() async throws {
        let server = try server()
        let webView = WKWebView()
        let refuser = Refuser()
        webView.startDownload(using: URLRequest(url: server.url("/files/refused"))) { $0.delegate = refuser }
        await until("the refusal failed the download") { !refuser.failures.isEmpty }
        #expect((refuser.failures.first as? URLError)?.code == .cancelled)

        // A handler released without being called is logged and answered nil.
        let forgetter = Forgetter()
        webView.startDownload(using: URLRequest(url: server.url("/files/forgotten"))) { $0.delegate = forgetter }
        await until("the forgotten download failed") { !forgetter.failures.isEmpty }
        #expect((forgetter.failures.first as? URLError)?.code == .cancelled)

        webView.load(URLRequest(url: server.url("/home")))
        await until("the web view still loads") { webView.title == "home" }
    }

    @Test func anExistingFileIsNeitherOverwrittenNorRemoved() async throws {
        let server = try server()
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saver = Saver(folder: folder)
        let existing = folder.appendingPathComponent("chosen-1-survey.lakes")
        try Data("old".utf8).write(to: existing)
        let webView = WKWebView()
        webView.startDownload(using: URLRequest(url: server.url("/files/clash"))) { $0.delegate = saver }
        await until("the download failed") { !saver.failures.isEmpty }
        #expect(saver.finished.isEmpty)
        #expect((saver.failures.first as? URLError)?.code == .cannotCreateFile)
        #expect(try Data(contentsOf: existing) == Data("old".utf8))
    }

    @Test func resumingFailsClearly() async throws {
        let webView = WKWebView()
        let refuser = Refuser()
        webView.resumeDownload(fromResumeData: Data()) { $0.delegate = refuser }
        await until("the resumed download failed") { !refuser.failures.isEmpty }
        #expect((refuser.failures.first as? WKError)?.code == .unknown)
        let message = (refuser.failures.first as? WKError)?.errorUserInfo[NSLocalizedDescriptionKey] as? String ?? ""
        #expect(message.contains("cannot resume"))
    }

    @Test func cancelHandsNoResumeData() async throws {
        let server = try server()
        let webView = WKWebView()
        let download = await webView.startDownload(using: URLRequest(url: server.url("/files/cancelled")))
        var cancelled = false
        download.cancel { data in
            #expect(data == nil)
            cancelled = true
        }
        await until("the cancel completed") { cancelled }
    }
}
