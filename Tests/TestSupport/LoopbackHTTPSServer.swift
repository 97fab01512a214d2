import Foundation

/// A loopback HTTPS server, run by Python, that answers each path with its HTML page (404
/// otherwise), with a fresh self-signed certificate for `lakes.test` and 127.0.0.1.
package final class LoopbackHTTPSServer {
    package let port: UInt16
    /// The server's certificate (PEM file).
    package let certificateFile: URL
    private let process = Process()
    private let folder: URL

    package init(pages: [String: String]) throws {
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
            # Handshakes happen in each connection's thread: a client's idle preconnection
            # must not hold up the others.
            server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
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
    package func url(_ path: String) -> URL { URL(string: "https://127.0.0.1:\(port)\(path)")! }

    /// The certificate, DER-encoded, read from its PEM file.
    package func certificateDER() throws -> Data {
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
