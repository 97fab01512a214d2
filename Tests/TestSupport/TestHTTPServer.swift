import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests, one thread per connection.
///
/// Each request is answered by `respond`, which gets the method, path and headers and
/// returns a status, headers and body; a `delay` holds the answer back. The server stops
/// when it is deinitialised.
package final class TestHTTPServer: @unchecked Sendable {
    package struct Request: Sendable {
        package var method: String
        package var path: String
        package var headers: [String: String]
        package var body: Data
    }

    package struct Response: Sendable {
        package var status: Int = 200
        package var headers: [String: String] = ["Content-Type": "text/html; charset=utf-8"]
        package var body: Data = Data()
        package var delay: Duration = .zero
        /// Close the connection after this response (with a short body, a truncated transfer).
        package var closeConnection = false

        package init(
            status: Int = 200, headers: [String: String] = ["Content-Type": "text/html; charset=utf-8"],
            body: Data = Data(), delay: Duration = .zero
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
        }

        package static func html(_ text: String, status: Int = 200) -> Response {
            Response(status: status, body: Data(text.utf8))
        }

        package static func redirect(to location: String) -> Response {
            Response(status: 302, headers: ["Location": location, "Content-Length": "0"])
        }
    }

    package let port: UInt16
    private let listener: Int32
    private let connections: Connections

    package init(respond: @escaping @Sendable (Request) -> Response) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 64) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let connections = Connections(respond: respond)
        self.connections = connections
        let thread = Thread { connections.acceptLoop(listener) }
        thread.start()
    }

    /// The server goes away: it stops listening and drops the connections clients keep open.
    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        connections.dropAll()
    }

    /// The server's URL for `path`.
    package func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// The requests answered so far, oldest first.
    package var requests: [Request] { connections.requests }
}

/// The server's connection threads; they end when the listening socket closes.
private final class Connections: @unchecked Sendable {
    typealias Request = TestHTTPServer.Request
    private let respond: @Sendable (Request) -> TestHTTPServer.Response
    private let lock = NSLock()
    private var received: [Request] = []
    private var open: Set<Int32> = []

    package init(respond: @escaping @Sendable (Request) -> TestHTTPServer.Response) {
        self.respond = respond
    }

    var requests: [Request] { lock.withLock { received } }

    func acceptLoop(_ listener: Int32) {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            lock.withLock { _ = open.insert(client) }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    /// Shuts down every open connection; their threads then end.
    func dropAll() {
        lock.withLock {
            for client in open { shutdown(client, Int32(SHUT_RDWR)) }
        }
    }

    private func serve(_ client: Int32) {
        defer {
            // Closed under the lock, so that dropAll never shuts down a reused descriptor.
            lock.withLock {
                open.remove(client)
                close(client)
            }
        }
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            guard let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) else {
                let count = read(client, &chunk, chunk.count)
                guard count > 0 else { return }
                buffer.append(contentsOf: chunk[0..<count])
                // A TLS handshake (its first record is 0x16) gets what a plain HTTP server
                // answers: 400 and a closed connection, which fails the client at once.
                if buffer.first == 0x16 {
                    let refusal = Data("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8)
                    _ = refusal.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    return
                }
                continue
            }
            let head = String(decoding: buffer[..<headerEnd.lowerBound], as: UTF8.self)
            var lines = head.components(separatedBy: "\r\n")
            let requestLine = lines.removeFirst().split(separator: " ")
            var headers: [String: String] = [:]
            for line in lines {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                    in: .whitespaces)
            }
            let length = Int(headers["content-length"] ?? "0") ?? 0
            while buffer.count - headerEnd.upperBound < length {
                let count = read(client, &chunk, chunk.count)
                guard count > 0 else { return }
                buffer.append(contentsOf: chunk[0..<count])
            }
            let bodyEnd = headerEnd.upperBound + length
            let request = Request(
                method: requestLine.count > 0 ? String(requestLine[0]) : "",
                path: requestLine.count > 1 ? String(requestLine[1]) : "",
                headers: headers, body: buffer[headerEnd.upperBound..<bodyEnd])
            buffer.removeSubrange(..<bodyEnd)
            lock.withLock { received.append(request) }
            let response = respond(request)
            if response.delay > .zero {
                let (seconds, attoseconds) = response.delay.components
                usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
            }
            var reply = "HTTP/1.1 \(response.status) Status\r\n"
            var fields = response.headers
            if fields["Content-Length"] == nil { fields["Content-Length"] = String(response.body.count) }
            for (name, value) in fields { reply += "\(name): \(value)\r\n" }
            reply += "\r\n"
            let bytes = Data(reply.utf8) + response.body
            let sent = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent == bytes.count, !response.closeConnection else { return }
        }
    }
}
