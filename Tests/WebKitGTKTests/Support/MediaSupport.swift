import CWebKitGTK
import Foundation
import Observation
import TestSupport

@testable import WebKitGTK

/// A page shown by a ``WebView`` in a mapped GTK window: WebKitGTK starts media and
/// capture only in a page that is in a real window, not in the offscreen one.
@MainActor
final class ShownPage {
    let view: WebView
    private let window: TestWindow

    init(_ page: WebPage) {
        view = WebView(page)
        window = TestWindow(showing: view, width: 640, height: 480)
    }

    /// Closes the window; the page goes back offscreen.
    func close() { window.close() }
}

/// Every value `read` takes, first the current one, then one per change, as Observation
/// reports them; repeats in a row are kept once.
@MainActor
final class ObservedValues<Value: Equatable> {
    private(set) var values: [Value]
    private let read: @MainActor () -> Value

    init(_ read: @escaping @MainActor () -> Value) {
        self.read = read
        values = [read()]
        track()
    }

    private func track() {
        withObservationTracking {
            _ = read()
        } onChange: { [weak self] in
            Task { @MainActor in self?.changed() }
        }
    }

    private func changed() {
        let value = read()
        if values.last != value { values.append(value) }
        track()
    }
}

/// Grants every permission, and records what was asked.
@MainActor
final class GrantingPresenter: WebPage.DialogPresenting {
    var asked: [WebPage.PermissionRequest.Kind] = []

    func decidePermission(for request: WebPage.PermissionRequest) async -> WKPermissionDecision {
        asked.append(request.kind)
        return .grant
    }
}

/// A mono 16-bit PCM WAV file of a sine tone, as a `data:` URL.
func toneDataURL(seconds: Double = 2, frequency: Double = 440, sampleRate: Int = 8000) -> String {
    let count = Int(seconds * Double(sampleRate))
    var data = Data()
    func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    data.append(contentsOf: Array("RIFF".utf8))
    append(UInt32(36 + count * 2))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16))
    append(UInt16(1))  // PCM
    append(UInt16(1))  // mono
    append(UInt32(sampleRate))
    append(UInt32(sampleRate * 2))
    append(UInt16(2))
    append(UInt16(16))
    data.append(contentsOf: Array("data".utf8))
    append(UInt32(count * 2))
    for index in 0..<count {
        append(Int16(8000 * sin(2 * Double.pi * frequency * Double(index) / Double(sampleRate))))
    }
    return "data:audio/wav;base64,\(data.base64EncodedString())"
}

/// A loopback HTTPS server, run by Python, that answers each path with its HTML page (404
/// otherwise), with a fresh self-signed certificate for `lakes.test` and 127.0.0.1.
final class LoopbackHTTPSServer {
    let port: UInt16
    /// The server's certificate (PEM file).
    let certificateFile: URL
    private let process = Process()
    private let folder: URL

    init(pages: [String: String]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lakes-https-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        certificateFile = folder.appendingPathComponent("cert.pem")
        let key = folder.appendingPathComponent("key.pem")
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=lakes.test",
            "-addext", "subjectAltName=DNS:lakes.test,IP:127.0.0.1", "-keyout", key.path, "-out", certificateFile.path,
        ]
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else { throw POSIXError(.EIO) }
        let script = """
            import http.server, json, ssl, sys
            pages = json.loads(sys.argv[3])
            class Page(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    body = pages.get(self.path)
                    data = (body if body is not None else "not found").encode()
                    self.send_response(200 if body is not None else 404)
                    self.send_header("Content-Type", "text/html; charset=utf-8")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                def log_message(self, *args):
                    pass
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(sys.argv[1], sys.argv[2])
            server.socket = context.wrap_socket(server.socket, server_side=True)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        let pagesJSON = String(decoding: try JSONSerialization.data(withJSONObject: pages), as: UTF8.self)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, certificateFile.path, key.path, pagesJSON]
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

    /// The server's URL for `path`.
    func url(_ path: String) -> URL { URL(string: "https://127.0.0.1:\(port)\(path)")! }

    /// The certificate, DER-encoded, read from its PEM file.
    func certificateDER() throws -> Data {
        let pem = try String(contentsOf: certificateFile, encoding: .utf8)
        let base64 = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        guard let der = Data(base64Encoded: base64) else { throw POSIXError(.EINVAL) }
        return der
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
}
