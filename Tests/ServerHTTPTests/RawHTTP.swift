// A one-shot HTTP/1.1 exchange over a plain loopback socket, for tests that assert headers and
// bodies exactly as the server sends them (URLSession hides 304s, Vary and framing headers).
import Foundation
import TestSupport
import Testing

enum RawHTTP {
    /// A parsed response: the status, the header fields in order, and the raw body bytes.
    struct Reply: Sendable {
        let status: Int
        let fields: [(name: String, value: String)]
        let body: [UInt8]

        /// Every value of `name` (case-insensitive).
        func values(_ name: String) -> [String] {
            fields.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
        }

        /// The first value of `name`.
        func header(_ name: String) -> String? { values(name).first }

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends `method path` with `headers`, `Connection: close` and `body` (with its length, sent as
    /// `contentType`; nil: no Content-Type) to 127.0.0.1:`port`; reads the answer to EOF
    /// (`headersOnly`: to the end of its header, for an upgrade that leaves the connection open;
    /// pass the `Connection` header yourself then).
    static func exchange(
        port: Int, _ method: String, _ path: String, headers: [(String, String)] = [], body: String? = nil,
        contentType: String? = "application/json", headersOnly: Bool = false
    ) async throws -> Reply {
        var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        if !headersOnly { request += "Connection: close\r\n" }
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        if let body {
            if let contentType { request += "Content-Type: \(contentType)\r\n" }
            request += "Content-Length: \(body.utf8.count)\r\n"
        }
        request += "\r\n" + (body ?? "")
        let bytes = Array(request.utf8)
        let raw = await offPool { roundTrip(port: port, bytes, headersOnly: headersOnly) }
        return try parse(try #require(raw, "no answer on port \(port)"))
    }

    /// A TCP socket connected to 127.0.0.1:`port` with `request` sent on it, or nil; the caller
    /// closes it.
    static func connectAndSend(port: Int, _ request: [UInt8]) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0, send(fd, request, request.count, 0) == request.count else {
            close(fd)
            return nil
        }
        return fd
    }

    private static func roundTrip(port: Int, _ request: [UInt8], headersOnly: Bool) -> [UInt8]? {
        guard let fd = connectAndSend(port: port, request) else { return nil }
        defer { close(fd) }
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            reply += chunk[0..<n]
            if headersOnly, String(decoding: reply, as: UTF8.self).contains("\r\n\r\n") { break }
        }
        return reply
    }

    private static func parse(_ raw: [UInt8]) throws -> Reply {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        let starts = 0..<max(0, raw.count - separator.count + 1)
        let end = try #require(
            starts.first { Array(raw[$0..<$0 + separator.count]) == separator },
            "no header end in \(String(decoding: raw, as: UTF8.self))")
        let lines = String(decoding: raw[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = try #require(lines.first?.split(separator: " ").dropFirst().first.flatMap { Int($0) })
        let fields = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Reply(status: status, fields: fields, body: Array(raw[(end + separator.count)...]))
    }
}
