import Foundation
import FoundationNetworking
import TestSupport
import Testing

@testable import WebKitGTK

/// The directory handler on its own (no engine): statuses, headers, bodies, refusals.
struct DirectoryURLSchemeHandlerTests {
    /// A served folder `root/site` beside a secret file that must never be served.
    final class Fixture {
        let base: URL
        let root: URL
        let handler: DirectoryURLSchemeHandler
        let page = String(repeating: "Lake Baikal is the deepest lake on Earth. ", count: 100)

        init() throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-dir-\(UUID().uuidString)")
            root = base.appendingPathComponent("root")
            let site = root.appendingPathComponent("site")
            try FileManager.default.createDirectory(
                at: site.appendingPathComponent("sub"), withIntermediateDirectories: true)
            try Data(page.utf8).write(to: site.appendingPathComponent("baikal.html"))
            try Data("body { color: navy }".utf8).write(to: site.appendingPathComponent("sub/style.css"))
            try Data("<p>index".utf8).write(to: site.appendingPathComponent("sub/index.html"))
            try Data("top secret".utf8).write(to: base.appendingPathComponent("secret.txt"))
            try FileManager.default.createSymbolicLink(
                at: site.appendingPathComponent("outside.txt"),
                withDestinationURL: base.appendingPathComponent("secret.txt"))
            try FileManager.default.createSymbolicLink(
                at: site.appendingPathComponent("inside.css"),
                withDestinationURL: site.appendingPathComponent("sub/style.css"))
            handler = DirectoryURLSchemeHandler(root: root, chunkSize: 1000)
        }

        deinit { try? FileManager.default.removeItem(at: base) }
    }

    struct Served {
        var response: HTTPURLResponse
        var chunks: [Data]
        var body: Data { chunks.reduce(Data(), +) }
        var status: Int { response.statusCode }
        func header(_ name: String) -> String? { response.value(forHTTPHeaderField: name) }
    }

    private func serve(
        _ fixture: Fixture, _ url: String, method: String = "GET", headers: [String: String] = [:]
    ) async throws -> Served {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        var response: HTTPURLResponse?
        var chunks: [Data] = []
        for try await result in fixture.handler.reply(for: request) {
            switch result {
            case .response(let value): response = try #require(value as? HTTPURLResponse)
            case .data(let data): chunks.append(data)
            }
        }
        return Served(response: try #require(response), chunks: chunks)
    }

    @Test func aFileIsServedInChunksWithItsTypeAndLength() async throws {
        let fixture = try Fixture()
        let served = try await serve(fixture, "lakes://site/baikal.html")
        #expect(served.status == 200)
        #expect(served.header("Content-Type") == "text/html; charset=utf-8")
        #expect(served.header("Content-Length") == String(fixture.page.utf8.count))
        #expect(served.body == Data(fixture.page.utf8))
        #expect(served.chunks.count == (fixture.page.utf8.count + 999) / 1000)
        #expect(served.chunks.allSatisfy { $0.count <= 1000 })
    }

    @Test func aNameWithoutExtensionFindsItsHTMLAndAFolderItsIndex() async throws {
        let fixture = try Fixture()
        #expect(try await serve(fixture, "lakes://site/baikal").body == Data(fixture.page.utf8))
        #expect(try await serve(fixture, "lakes://site/sub/").body == Data("<p>index".utf8))
        #expect(
            try await serve(fixture, "lakes://site/sub/style.css").header("Content-Type") == "text/css; charset=utf-8")
    }

    @Test func aMissingFileIs404() async throws {
        let fixture = try Fixture()
        let served = try await serve(fixture, "lakes://site/no-such-lake.html")
        #expect(served.status == 404)
        #expect(String(decoding: served.body, as: UTF8.self).hasPrefix("404"))
    }

    @Test func otherMethodsAre405AndHeadHasNoBody() async throws {
        let fixture = try Fixture()
        let post = try await serve(fixture, "lakes://site/baikal.html", method: "POST")
        #expect(post.status == 405)
        #expect(post.header("Allow") == "GET, HEAD")
        let head = try await serve(fixture, "lakes://site/baikal.html", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == String(fixture.page.utf8.count))
        #expect(head.chunks.isEmpty)
    }

    @Test(arguments: [
        ("bytes=0-9", 206, 0..<10), ("bytes=100-", 206, 100..<4200), ("bytes=-50", 206, 4150..<4200),
        ("bytes=4190-9999", 206, 4190..<4200), ("bytes=4200-", 416, 0..<0), ("bytes=-0", 416, 0..<0),
        ("bytes=0-1,5-6", 200, 0..<4200), ("lines=1-2", 200, 0..<4200), ("bytes=9-3", 200, 0..<4200),
    ])
    func rangesAreServedOrRefused(_ header: String, _ status: Int, _ range: Range<Int>) async throws {
        let fixture = try Fixture()
        let served = try await serve(fixture, "lakes://site/baikal.html", headers: ["Range": header])
        #expect(served.status == status)
        let whole = Data(fixture.page.utf8)
        #expect(whole.count == 4200)
        switch status {
        case 206:
            #expect(served.body == whole.subdata(in: range))
            #expect(served.header("Content-Range") == "bytes \(range.lowerBound)-\(range.upperBound - 1)/4200")
        case 416:
            #expect(served.header("Content-Range") == "bytes */4200")
        default:
            #expect(served.body == whole)
        }
    }

    /// Found by fuzzing (`fuzz/range-parsing`): a range that does not parse is ignored, even
    /// when its first position is past the end; a position is digits only, with no sign;
    /// one too large for an integer still reaches the end of the file.
    @Test(arguments: [
        ("bytes=5000-10", 200, 0..<4200), ("bytes=4300-7x", 200, 0..<4200), ("bytes=--5", 200, 0..<4200),
        ("bytes=-+50", 200, 0..<4200), ("bytes=+100-", 200, 0..<4200),
        ("bytes=0-99999999999999999999", 206, 0..<4200), ("bytes=-99999999999999999999", 206, 0..<4200),
        ("bytes=99999999999999999999-", 416, 0..<0),
    ])
    func malformedRangesAreIgnoredAndHugePositionsReachTheEnd(
        _ header: String, _ status: Int, _ range: Range<Int>
    ) async throws {
        try await rangesAreServedOrRefused(header, status, range)
    }

    @Test func aKnownETagOrDateGets304() async throws {
        let fixture = try Fixture()
        let first = try await serve(fixture, "lakes://site/baikal.html")
        let etag = try #require(first.header("ETag"))
        let modified = try #require(first.header("Last-Modified"))
        let byTag = try await serve(fixture, "lakes://site/baikal.html", headers: ["If-None-Match": etag])
        #expect(byTag.status == 304)
        #expect(byTag.chunks.isEmpty)
        let byDate = try await serve(fixture, "lakes://site/baikal.html", headers: ["If-Modified-Since": modified])
        #expect(byDate.status == 304)
        let stale = try await serve(fixture, "lakes://site/baikal.html", headers: ["If-None-Match": "\"other\""])
        #expect(stale.status == 200)
        let older = try await serve(
            fixture, "lakes://site/baikal.html", headers: ["If-Modified-Since": "Mon, 01 Jan 2001 00:00:00 GMT"])
        #expect(older.status == 200)
    }

    @Test func aSymlinkInsideTheRootIsServed() async throws {
        let fixture = try Fixture()
        let served = try await serve(fixture, "lakes://site/inside.css")
        #expect(served.status == 200)
        #expect(served.body == Data("body { color: navy }".utf8))
    }

    /// Every way out of the root is refused, and the secret is never in a body.
    @Test(arguments: [
        ("dot-dot", "lakes://site/../secret.txt", 400),
        ("dot-dot from the host", "lakes://../secret.txt", 400),
        ("nested dot-dot", "lakes://site/sub/../../../secret.txt", 400),
        ("single dot", "lakes://site/./baikal.html", 400),
        ("encoded dot-dot", "lakes://site/%2e%2e/%2e%2e/secret.txt", 400),
        ("encoded dot-dot, capitals", "lakes://site/%2E%2E/%2E%2E/secret.txt", 400),
        ("encoded slash", "lakes://site/..%2f..%2fsecret.txt", 400),
        ("encoded slash, absolute", "lakes://site/%2ftmp%2fsecret.txt", 400),
        ("encoded backslash", "lakes://site/..%5c..%5csecret.txt", 400),
        ("double encoding stays a name", "lakes://site/%252e%252e/secret.txt", 404),
        ("empty segment", "lakes://site//tmp/secret.txt", 400),
        ("NUL byte", "lakes://site/baikal.html%00.txt", 400),
        ("a stray percent stays a name", "lakes://site/%zz", 404),
        ("over-long", "lakes://site/" + String(repeating: "a", count: 3000), 400),
        ("over-long segment", "lakes://site/" + String(repeating: "b", count: 300), 400),
        ("symlink outside", "lakes://site/outside.txt", 403),
    ])
    func everyEscapeAttemptIsRefused(_ name: String, _ url: String, _ status: Int) async throws {
        let fixture = try Fixture()
        let served = try await serve(fixture, url)
        #expect(served.status == status, "\(name)")
        #expect(!String(decoding: served.body, as: UTF8.self).contains("top secret"), "\(name)")
    }

    @Test func anEncodedBackslashIsRefusedByTheResolver() throws {
        let fixture = try Fixture()
        #expect(throws: DirectoryURLSchemeHandler.Refusal.self) {
            try fixture.handler.resolve(URL(string: "lakes://site/%5c")!).get()
        }
    }

    /// RFC 9110's example date, in the form written and the two obsolete forms also read.
    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
    ])
    func httpDatesAreReadInAllThreeForms(_ text: String) {
        #expect(HTTPDate.parse(text) == Date(timeIntervalSince1970: 784_111_777))
    }

    @Test func httpDatesAreWrittenAsIMFFixdate() {
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: 784_111_777.9)) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: 951_782_400)) == "Tue, 29 Feb 2000 00:00:00 GMT")
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: 1e18)) == "Fri, 31 Dec 9999 23:59:59 GMT")
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: -1e18)) == "Mon, 01 Jan 0001 00:00:00 GMT")
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: .infinity)) == "Fri, 31 Dec 9999 23:59:59 GMT")
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: -.infinity)) == "Mon, 01 Jan 0001 00:00:00 GMT")
    }

    @Test func anHTTPDateWrittenReadsBackToTheSecond() {
        for seconds in [0, 784_111_777.9, 951_782_400, 1_796_119_200.5, 253_402_300_799] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(HTTPDate.parse(HTTPDate.string(from: date)) == Date(timeIntervalSince1970: seconds.rounded(.down)))
        }
    }

    @Test(arguments: [
        "", "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 6 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 94 08:49:37 GMT", "Sun, 06 Now 1994 08:49:37 GMT", "Sun, 31 Feb 1994 08:49:37 GMT",
        "Sun, 29 Feb 1900 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:60:00 GMT",
        "Sun, 06 Nov 1994 8:49:37 GMT", "Sun, 06 Nov 1994 08:49:3x GMT", "Sun, 00 Nov 1994 08:49:37 GMT",
        "Sunday, 06-Nov-1994 08:49:37 GMT", "Sun Nov 06 08:49:37 94", "Funday, 06 Nov 1994 08:49:37 GMT",
        "Sun, -6 Nov 1994 08:49:37 GMT", "Sun, ０６ Nov 1994 08:49:37 GMT",
    ])
    func malformedHTTPDatesAreNotDates(_ text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    /// A two-digit year is the year with those digits from 50 years back to 50 ahead.
    @Test(arguments: [
        (2026, "76", 2076), (2026, "77", 1977), (2026, "26", 2026), (2090, "10", 2110), (2090, "41", 2041),
    ])
    func twoDigitYearsAreReadWithinFiftyYearsEitherSide(_ thisYear: Int, _ digits: String, _ year: Int) throws {
        let now = try #require(HTTPDate.parse("Sun, 04 Dec \(thisYear) 00:00:00 GMT"))
        let read = HTTPDate.parse("Sunday, 04-Dec-\(digits) 00:00:00 GMT", now: now)
        #expect(read == HTTPDate.parse("Sun, 04 Dec \(year) 00:00:00 GMT"))
    }

    @Test func typesFollowExtensions() {
        #expect(DirectoryURLSchemeHandler.mimeType(forExtension: "SVG") == "image/svg+xml")
        #expect(DirectoryURLSchemeHandler.mimeType(forExtension: "woff2") == "font/woff2")
        #expect(DirectoryURLSchemeHandler.mimeType(forExtension: "unknown") == "application/octet-stream")
    }
}
