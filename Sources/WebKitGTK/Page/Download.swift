internal import CWebKitGTK
import Foundation
import GLibBridge
import Observation

/// A file being saved because a navigation was decided `.download`.
///
/// Observable: follow ``state``, ``receivedBytes`` and ``progress`` with `Observations`.
/// The file is written under the page's ``WebPage/Configuration/downloadsDirectory`` with
/// the name the server suggested, made safe and unique (`lake.pdf`, `lake (1).pdf` …);
/// the download of a ``WKWebView`` is written where its ``WKDownload``'s delegate chooses.
///
///     let unfinished = page.downloads.filter {
///         if case .inProgress = $0.state { true } else { false }
///     }
///
/// An addition of this library (Apple's WebPage has no `downloads`), over WebKitGTK's
/// `WebKitDownload`.
@MainActor
@Observable
public final class Download {
    /// Where a download is.
    public enum State: Sendable {
        /// Bytes are arriving.
        case inProgress
        /// The whole file was written to ``Download/destination``.
        case finished
        /// It failed with the engine's error; a partial file is removed.
        case failed(any Error)
        /// ``cancel()`` was called.
        case cancelled
    }

    /// The URL downloaded.
    public let url: URL?
    /// Where the file is written, once known.
    public private(set) var destination: URL?
    /// Where the download is: in progress, finished, failed or cancelled. Observable.
    public private(set) var state = State.inProgress
    /// Bytes received so far.
    public private(set) var receivedBytes: Int64 = 0
    /// The size the server announced, or nil.
    public private(set) var expectedBytes: Int64?
    /// How much is done, from 0 to 1 (`webkit_download_get_estimated_progress`).
    public private(set) var progress: Double = 0

    @ObservationIgnored private let download: GObjectReference
    @ObservationIgnored private var connections: [SignalConnection] = []
    @ObservationIgnored private let directory: URL
    /// Runs once the engine is done with a refused download.
    @ObservationIgnored var onEnd: (() -> Void)?
    /// Chooses the file and hears of progress and the end, in place of the downloads
    /// directory: a classic ``WKDownload``. Kept until the download ends.
    @ObservationIgnored var follower: (any Follower)?

    /// What chooses a download's file and follows it.
    @MainActor
    protocol Follower: AnyObject {
        /// The file to write, or nil to cancel the download.
        func destination(for download: Download, suggestedFilename: String, response: URLResponse?) async -> URL?
        /// Bytes arrived.
        func downloadChanged(_ download: Download)
        /// The download finished, failed or was cancelled: its ``state`` says which.
        func downloadEnded(_ download: Download)
    }

    init(_ download: OpaquePointer, directory: URL) {
        self.download = GObjectReference(retaining: download)
        self.directory = directory
        let raw = UnsafeMutablePointer<WebKitDownload>(download)
        let request = webkit_download_get_request(raw)
        url = String(optionalCString: webkit_uri_request_get_uri(request)).flatMap { URL(string: $0) }
        connections.append(
            self.download.connect("decide-destination") { [weak self] arguments in
                guard let self else { return false }
                if follower != nil {
                    askFollowerForDestination(suggested: arguments.string(1))
                } else {
                    chooseDestination(suggested: arguments.string(1))
                }
                return true
            })
        connections.append(
            self.download.connect("received-data") { [weak self] _ in
                self?.update()
                return nil
            })
        connections.append(
            self.download.connect("finished") { [weak self] _ in
                guard let self else { return nil }
                update()
                if case .inProgress = state {
                    progress = 1
                    state = .finished
                }
                connections.removeAll()
                let follower = follower
                self.follower = nil
                follower?.downloadEnded(self)
                return nil
            })
        connections.append(
            self.download.connect("failed") { [weak self] arguments in
                guard let self else { return nil }
                let error = arguments.pointer(1).map { GLibError(copying: UnsafePointer<GError>($0)) }
                if case .inProgress = state {
                    state = .failed(
                        error ?? GLibError(domain: "WebKitDownloadError", code: 0, message: "The download failed"))
                }
                if let destination { try? FileManager.default.removeItem(at: destination) }
                return nil
            })
    }

    /// A download nobody asked for, cancelled at once: it is never given a file, and the
    /// engine's default (a file in the XDG download folder) never applies.
    init(refusing download: OpaquePointer) {
        self.download = GObjectReference(retaining: download)
        directory = FileManager.default.temporaryDirectory
        let raw = UnsafeMutablePointer<WebKitDownload>(download)
        url = String(optionalCString: webkit_uri_request_get_uri(webkit_download_get_request(raw))).flatMap {
            URL(string: $0)
        }
        state = .cancelled
        connections.append(
            self.download.connect("decide-destination") { [weak self] _ in
                self.map { webkit_download_cancel($0.download.cast()) }
                return true  // no destination: nothing is written
            })
        connections.append(
            self.download.connect("finished") { [weak self] _ in
                guard let self else { return nil }
                connections.removeAll()
                onEnd?()
                onEnd = nil
                return nil
            })
        webkit_download_cancel(raw)
    }

    /// Stops the download and removes its partial file (`webkit_download_cancel`).
    /// Does nothing once it has ended.
    public func cancel() {
        guard case .inProgress = state else { return }
        state = .cancelled
        webkit_download_cancel(download.cast())
    }

    private func update() {
        let raw = download.cast(to: WebKitDownload.self)
        receivedBytes = Int64(webkit_download_get_received_data_length(raw))
        progress = webkit_download_get_estimated_progress(raw)
        if let response = webkit_download_get_response(raw) {
            let length = Int64(webkit_uri_response_get_content_length(response))
            expectedBytes = length > 0 ? length : nil
        }
        follower?.downloadChanged(self)
    }

    /// Asks the follower for the file; the engine waits for it (WebKitGTK 2.40 and later
    /// let `decide-destination` be answered later).
    private func askFollowerForDestination(suggested: String?) {
        guard let follower else { return }
        let name = suggested ?? url?.lastPathComponent ?? "download"
        let response = engineResponse()
        Task { @MainActor [weak self] in
            guard let self else { return }
            let chosen = await follower.destination(for: self, suggestedFilename: name, response: response)
            guard case .inProgress = state else { return }
            guard let chosen, chosen.isFileURL else {
                cancel()
                return
            }
            guard !FileManager.default.fileExists(atPath: chosen.path) else {
                // The engine would refuse the file, and then remove it: it is not the download's.
                state = .failed(
                    GLibError(
                        domain: String(cString: g_quark_to_string(webkit_download_error_quark())),
                        code: Int32(WEBKIT_DOWNLOAD_ERROR_DESTINATION.rawValue),
                        message: "the file \(chosen.path) already exists"))
                webkit_download_cancel(download.cast())
                return
            }
            destination = chosen
            webkit_download_set_destination(download.cast(), chosen.absoluteString)
        }
    }

    /// The response the engine received for the download, as Foundation's.
    private func engineResponse() -> URLResponse? {
        guard let response = webkit_download_get_response(download.cast(to: WebKitDownload.self)),
            let url = String(optionalCString: webkit_uri_response_get_uri(response)).flatMap({ URL(string: $0) })
        else { return nil }
        var fields: [String: String] = [:]
        if let headers = webkit_uri_response_get_http_headers(response) {
            for (name, value) in SoupHeaders.fields(headers) { fields[name] = value }
        }
        let status = Int(webkit_uri_response_get_status_code(response))
        if status > 0, let http = HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: fields)
        {
            return http
        }
        let length = Int(webkit_uri_response_get_content_length(response))
        return URLResponse(
            url: url, mimeType: String(optionalCString: webkit_uri_response_get_mime_type(response)),
            expectedContentLength: length > 0 ? length : -1, textEncodingName: nil)
    }

    private func chooseDestination(suggested: String?) {
        let file = Self.uniqueFile(in: directory, suggested: suggested ?? url?.lastPathComponent ?? "download")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        destination = file
        webkit_download_set_destination(download.cast(), file.absoluteString)
    }

    /// A file name that stays inside `directory` and does not overwrite anything.
    static func uniqueFile(in directory: URL, suggested: String) -> URL {
        var name =
            suggested.split(whereSeparator: { $0 == "/" || $0 == "\\" || $0 == "\0" }).last.map(String.init) ?? ""
        while name.hasPrefix(".") { name.removeFirst() }
        if name.isEmpty { name = "download" }
        let base = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        var candidate = directory.appendingPathComponent(name)
        var counter = 1
        while FileManager.default.fileExists(atPath: candidate.path) {
            candidate = directory.appendingPathComponent(
                ext.isEmpty ? "\(base) (\(counter))" : "\(base) (\(counter)).\(ext)")
            counter += 1
        }
        return candidate
    }
}

/// The XDG download folder (`xdg-user-dir DOWNLOAD`), or `~/Downloads`.
func defaultDownloadsDirectory() -> URL {
    if let folder = g_get_user_special_dir(G_USER_DIRECTORY_DOWNLOAD) {
        return URL(fileURLWithPath: String(cString: folder))
    }
    return URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Downloads")
}
