// A tiny real HTTP/1.1 listener on 127.0.0.1 (port 0) that records JSON bodies, for observing the
// demo agent's hook POSTs without mocks.
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Accepts connections on a loopback port, records each request's JSON body, answers 200.
final class HookListener: Sendable {
    let port: UInt16
    private let fd: Int32
    private let recorded = RecordedBodies()

    init() throws {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let recorded = recorded
        Thread { Self.acceptLoop(fd, recorded) }.start()
    }

    /// Every JSON body received so far (string values only).
    var bodies: [[String: String]] { recorded.all }

    func stop() { shutdown(fd, Int32(SHUT_RDWR)) }

    private static func acceptLoop(_ socket: Int32, _ recorded: RecordedBodies) {
        while true {
            let client = accept(socket, nil, nil)
            guard client >= 0 else { return }
            if let body = readRequestBody(client),
                let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
            {
                recorded.append(object.compactMapValues { $0 as? String })
            }
            let reply =
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 17\r\nConnection: close\r\n\r\n{\"received\":true}"
            _ = reply.withCString { send(client, $0, strlen($0), 0) }
            close(client)
        }
    }

    private static func readRequestBody(_ client: Int32) -> Data? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let end = data.range(of: Data("\r\n\r\n".utf8)) {
                let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).lowercased()
                let length =
                    head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if data.count - end.upperBound >= length { return data[end.upperBound..<(end.upperBound + length)] }
            }
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            data.append(contentsOf: buffer[0..<count])
        }
    }
}

/// Bodies appended by the listener thread, read by tests.
// @unchecked Sendable: `bodies` is only touched while `lock` is held.
final class RecordedBodies: @unchecked Sendable {
    private let lock = NSLock()
    private var bodies: [[String: String]] = []
    func append(_ body: [String: String]) { lock.withLock { bodies.append(body) } }
    var all: [[String: String]] { lock.withLock { bodies } }
}

@Suite struct DemoHookListenerTests {
    @Test func listenerRecordsPostedJSON() async throws {
        let listener = try HookListener()
        defer { listener.stop() }
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(listener.port)/x")))
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"hook_event_name":"Stop"}"#.utf8)
        let (data, _) = try await URLSession.shared.data(for: request)
        #expect(String(decoding: data, as: UTF8.self) == #"{"received":true}"#)
        #expect(listener.bodies == [["hook_event_name": "Stop"]])
    }
}
