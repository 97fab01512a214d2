import Foundation
import FoundationNetworking

#if canImport(Glibc)
    import Glibc
#endif

/// Serves the files of one folder to a custom URL scheme, for apps that bundle content.
///
///     var configuration = WebPage.Configuration()
///     configuration.urlSchemeHandlers[URLScheme("lakes")!] =
///         DirectoryURLSchemeHandler(root: URL(fileURLWithPath: "/usr/share/lakes"))
///     page.load(URL(string: "lakes://articles/tahoe"))   // /usr/share/lakes/articles/tahoe.html
///
/// A URL's host and path, joined, name a file under the root; a name without an
/// extension also finds `name.html`, and a folder its `index.html`. Files are streamed in
/// chunks of ``chunkSize`` bytes, read only as WebKit asks for them. Answers follow HTTP:
/// `GET` and `HEAD`; the MIME type by extension; `ETag` and `Last-Modified` with `304 Not
/// Modified` for `If-None-Match` and `If-Modified-Since`; one `Range` (`206`, or `416`
/// when it cannot be satisfied); `404` for a missing file, `405` for other methods.
///
/// No request can read outside the root: a path with `..` or `.` segments, an encoded
/// separator (`%2f`, `%5c`), a backslash, a NUL byte, an empty segment (`//`), a segment
/// that does not decode, or more than ``maximumPathLength`` bytes is refused with `400`,
/// and a file whose real path (symbolic links resolved) is outside the root with `403`.
///
/// An addition of this library; see <doc:CustomURLSchemes>.
public struct DirectoryURLSchemeHandler: URLSchemeHandler, Sendable {
    /// The folder served, with symbolic links resolved.
    public let root: URL
    /// The size of each data chunk. Default: 64 KiB.
    public var chunkSize: Int
    /// The longest host-and-path accepted, in bytes. Default: 2,048.
    public var maximumPathLength = 2048
    /// Header fields added to every file's response, for example a
    /// `Content-Security-Policy`. Default: none.
    public var responseHeaders: [String: String] = [:]

    /// Serves the folder at `root` (resolved once, here).
    ///
    /// - Parameters:
    ///   - root: The folder to serve. Its symbolic links are resolved now; a folder that
    ///     does not exist answers every request with `404`.
    ///   - chunkSize: The size of each data chunk, in bytes, at least 1. Default: 64 KiB.
    public init(root: URL, chunkSize: Int = 64 << 10) {
        self.root = root.resolvingSymlinksInPath().standardizedFileURL
        self.chunkSize = max(chunkSize, 1)
    }

    /// Answers `request` with the file it names, or with an HTTP error.
    ///
    /// - Parameter request: The request; `GET` and `HEAD` are served, its `Range`,
    ///   `If-None-Match` and `If-Modified-Since` fields are honoured.
    /// - Returns: The response, then the file's bytes, read as WebKit asks for them.
    public func reply(for request: URLRequest) -> Reply {
        Reply(handler: self, request: request)
    }

    /// The answer to one request: a response, then the file's bytes on demand.
    public struct Reply: AsyncSequence, Sendable {
        /// A response, or a chunk of the file.
        public typealias Element = URLSchemeTaskResult
        /// A read of the file failed (a POSIX error), or the task was cancelled.
        public typealias Failure = any Error
        let handler: DirectoryURLSchemeHandler
        let request: URLRequest

        /// Starts answering: the iterator finds the file on its first ``Iterator/next()``.
        ///
        /// - Returns: A new iterator; each one answers the request anew.
        public func makeAsyncIterator() -> Iterator { Iterator(handler: handler, request: request) }

        /// Reads one answer: its response first, then the file in chunks.
        public struct Iterator: AsyncIteratorProtocol {
            let handler: DirectoryURLSchemeHandler
            let request: URLRequest
            private var body: FileBody?
            private var started = false

            init(handler: DirectoryURLSchemeHandler, request: URLRequest) {
                self.handler = handler
                self.request = request
            }

            /// The response, then the next chunk of the file, then nil.
            ///
            /// - Returns: The response on the first call, then up to
            ///   ``DirectoryURLSchemeHandler/chunkSize`` bytes of the body per call, then nil.
            /// - Throws: `CancellationError` when the task is cancelled (WebKit abandoned the
            ///   load), or a `POSIXError` when the file cannot be read.
            public mutating func next() async throws -> URLSchemeTaskResult? {
                if !started {
                    started = true
                    let answer = handler.answer(request)
                    body = answer.body
                    return .response(answer.response)
                }
                guard let body else { return nil }
                try Task.checkCancellation()
                guard let chunk = try body.read(upTo: handler.chunkSize) else {
                    self.body = nil
                    return nil
                }
                return .data(chunk)
            }
        }
    }

    // MARK: Answering

    struct Answer {
        var response: HTTPURLResponse
        var body: FileBody?
    }

    func answer(_ request: URLRequest) -> Answer {
        let url = request.url ?? URL(string: "invalid:")!
        let method = (request.httpMethod ?? "GET").uppercased()
        guard method == "GET" || method == "HEAD" else {
            return error(405, url, headers: ["Allow": "GET, HEAD"])
        }
        let file: URL
        switch resolve(url) {
        case .success(let resolved): file = resolved
        case .failure(let refusal): return error(refusal.status, url)
        }
        guard let info = FileInfo(path: file.path) else { return error(404, url) }

        var headers = responseHeaders
        headers.merge([
            "Content-Type": Self.mimeType(forExtension: file.pathExtension),
            "ETag": info.etag,
            "Last-Modified": HTTPDate.string(from: info.modified),
            "Accept-Ranges": "bytes",
            "Cache-Control": "no-cache",
        ]) { $1 }
        if notModified(request, info) {
            headers["Content-Length"] = "0"
            return Answer(response: response(304, url, headers), body: nil)
        }
        var range = 0..<info.size
        var status = 200
        if let header = request.value(forHTTPHeaderField: "Range") {
            switch ByteRange.parse(header, size: info.size) {
            case .none: break
            case .unsatisfiable:
                return error(416, url, headers: ["Content-Range": "bytes */\(info.size)"])
            case .range(let requested):
                range = requested
                status = 206
                headers["Content-Range"] = "bytes \(requested.lowerBound)-\(requested.upperBound - 1)/\(info.size)"
            }
        }
        headers["Content-Length"] = String(range.count)
        guard method == "GET", !range.isEmpty else { return Answer(response: response(status, url, headers)) }
        guard let body = FileBody(path: file.path, range: range) else { return error(404, url) }
        return Answer(response: response(status, url, headers), body: body)
    }

    private func notModified(_ request: URLRequest, _ info: FileInfo) -> Bool {
        if let tags = request.value(forHTTPHeaderField: "If-None-Match") {
            return tags == "*"
                || tags.split(separator: ",").contains {
                    $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "W/", with: "") == info.etag
                }
        }
        if let since = request.value(forHTTPHeaderField: "If-Modified-Since"), let date = HTTPDate.parse(since) {
            return info.modified.timeIntervalSince1970.rounded(.down) <= date.timeIntervalSince1970
        }
        return false
    }

    private func response(_ status: Int, _ url: URL, _ headers: [String: String]) -> HTTPURLResponse {
        HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
    }

    private func error(_ status: Int, _ url: URL, headers extra: [String: String] = [:]) -> Answer {
        let text = "\(status) \(HTTPURLResponse.localizedString(forStatusCode: status))\n"
        var headers = extra
        headers["Content-Type"] = "text/plain; charset=utf-8"
        headers["Content-Length"] = String(text.utf8.count)
        return Answer(response: response(status, url, headers), body: FileBody(data: Data(text.utf8)))
    }

    // MARK: Paths

    /// Why a URL names no file this handler may serve.
    package struct Refusal: Error, Equatable {
        package var status: Int
        package var reason: String
    }

    /// The file a URL names, or why it is refused.
    package func resolve(_ url: URL) -> Result<URL, Refusal> {
        let host = url.host(percentEncoded: true) ?? ""
        let path = url.path(percentEncoded: true)
        let raw = host + path
        guard raw.utf8.count <= maximumPathLength else {
            return .failure(Refusal(status: 400, reason: "path too long"))
        }
        guard !raw.contains("\\") else { return .failure(Refusal(status: 400, reason: "backslash")) }
        var segments = raw.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if segments.first == "" { segments.removeFirst() }  // the path's leading slash
        if segments.last == "" && segments.count > 1 { segments.removeLast() }  // a folder's trailing slash
        var decoded: [String] = []
        for segment in segments {
            guard !segment.isEmpty else { return .failure(Refusal(status: 400, reason: "empty segment")) }
            guard let name = segment.removingPercentEncoding else {
                return .failure(Refusal(status: 400, reason: "bad percent-encoding"))
            }
            guard name != ".", name != "..", !name.contains("/"), !name.contains("\\"), !name.contains("\0"),
                name.utf8.count <= 255
            else { return .failure(Refusal(status: 400, reason: "unsafe segment")) }
            decoded.append(name)
        }
        var candidate = decoded.reduce(root) { $0.appendingPathComponent($1) }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), isFolder.boolValue {
            candidate.appendPathComponent("index.html")
        } else if !FileManager.default.fileExists(atPath: candidate.path), candidate.pathExtension.isEmpty,
            !decoded.isEmpty
        {
            candidate = candidate.appendingPathExtension("html")
        }
        guard let real = realpath(candidate.path, nil) else { return .failure(Refusal(status: 404, reason: "missing")) }
        defer { free(real) }
        let resolved = String(cString: real)
        guard resolved == root.path || resolved.hasPrefix(root.path + "/") else {
            return .failure(Refusal(status: 403, reason: "outside the root"))
        }
        return .success(URL(fileURLWithPath: resolved))
    }
}

/// A regular file's size, modification time and entity tag.
struct FileInfo {
    var size: Int
    var modified: Date
    var etag: String

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        size = Int(info.st_size)
        let seconds = TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9
        modified = Date(timeIntervalSince1970: seconds)
        etag =
            "\"\(String(info.st_size, radix: 16))-\(String(info.st_mtim.tv_sec, radix: 16))\(String(info.st_mtim.tv_nsec, radix: 16))\""
    }
}

/// The bytes of a response body: a range of an open file, or a small in-memory text.
final class FileBody: @unchecked Sendable {
    // Read by one iterator at a time, sequentially.
    private let descriptor: Int32
    private var offset: Int
    private let end: Int
    private var data: Data?

    init?(path: String, range: Range<Int>) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        offset = range.lowerBound
        end = range.upperBound
    }

    init(data: Data) {
        descriptor = -1
        offset = 0
        end = 0
        self.data = data
    }

    /// The next chunk of at most `count` bytes, or nil at the end.
    func read(upTo count: Int) throws -> Data? {
        if descriptor < 0 {
            defer { data = nil }
            return data
        }
        guard offset < end else { return nil }
        var chunk = Data(count: min(count, end - offset))
        let read = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        guard read > 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: read < 0 ? errno : EIO) ?? .EIO)
        }
        offset += read
        return read == chunk.count ? chunk : chunk.prefix(read)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
