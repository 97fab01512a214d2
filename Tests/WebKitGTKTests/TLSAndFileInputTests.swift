import Foundation
import TestSupport
import Testing

@testable import WebKitGTK

/// A loopback HTTPS server with a self-signed certificate for `lakes.test`, run by Python.
final class SelfSignedHTTPSServer {
    let port: UInt16
    private let process = Process()
    private let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=lakes.test",
            "-keyout", folder.appendingPathComponent("key.pem").path, "-out",
            folder.appendingPathComponent("cert.pem").path,
        ]
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        let script = """
            import http.server, ssl, sys
            class Page(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    body = b"<title>Secret</title>"
                    self.send_response(200)
                    self.send_header("Content-Type", "text/html")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                def log_message(self, *args):
                    pass
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(sys.argv[1], sys.argv[2])
            # Handshakes happen in each connection's thread: a client's idle preconnection
            # must not hold up the others.
            server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", script, folder.appendingPathComponent("cert.pem").path,
            folder.appendingPathComponent("key.pem").path,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        guard let port = UInt16(String(decoding: line, as: UTF8.self)) else { throw POSIXError(.EIO) }
        self.port = port
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Chooses a fixed file for every file input.
@MainActor
final class ChoosingPresenter: WebPage.DialogPresenting {
    let file: URL
    var asked: [WKOpenPanelParameters] = []
    init(file: URL) { self.file = file }

    func handleFileInputPrompt(
        parameters: WKOpenPanelParameters, initiatedBy frame: WebPage.FrameInfo
    ) async -> WebPage.FileInputPromptResult {
        asked.append(parameters)
        return .selected([file])
    }
}

@MainActor
@Suite(.serialized)
struct TLSAndFileInputTests {
    @Test func anUntrustedCertificateFailsTheLoadWithItsProblems() async throws {
        let server = try SelfSignedHTTPSServer()
        let page = WebPage()
        let result = await outcome(of: page.load(URL(string: "https://127.0.0.1:\(server.port)/")))
        guard case .failedProvisionalNavigation(let error) = try #require(result.navigationError) else {
            Issue.record("expected failedProvisionalNavigation, got \(String(describing: result.error))")
            return
        }
        let tls = try #require(error as? TLSCertificateError)
        #expect(tls.host == "127.0.0.1")
        #expect(tls.problems.contains(.unknownAuthority))
        #expect(tls.description.contains("unknown authority"))
        #expect(page.title != "Secret")
        #expect(!result.events.contains(.committed))
    }

    @Test func aFileInputGetsTheFilesThePresenterChose() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lake-survey-\(UUID().uuidString).txt")
        try Data("depth: 1642 m".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let presenter = ChoosingPresenter(file: file)
        let page = WebPage(dialogPresenter: presenter)
        _ = await outcome(of: page.load(html: #"<input type="file" id="file" accept=".txt,text/plain" multiple>"#))
        let chosen = try await page.evaluateForTesting(
            """
            const input = document.getElementById('file');
            const changed = new Promise(resolve => input.addEventListener('change', resolve));
            input.click();
            await changed;
            return [input.files.length, input.files[0].name, await input.files[0].text()];
            """)
        #expect(chosen == #"[1,"\#(file.lastPathComponent)","depth: 1642 m"]"#)
        #expect(presenter.asked.first?.allowsMultipleSelection == true)
    }
}
