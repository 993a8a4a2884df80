// The close a server sends right after a WebSocket upgrade, read from a plain socket. A client
// library may drop bytes that arrive in the same segment as the `101` (a known class of bug:
// netty#1331, vapor/async-websocket-client#1), and the 4001 close travels exactly there, so the
// tests that assert it read the raw bytes instead: the 101 head, then one close frame.
import Foundation
import TestSupport
import Testing

enum RawWebSocketClose {
    /// Upgrades `path` on 127.0.0.1:`port` and returns the close frame's code and reason (nil when
    /// no close frame came within `seconds`).
    static func read(port: Int, path: String, within seconds: Int = 30) async -> (code: Int, reason: String)? {
        let request =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        return await offPool { roundTrip(port: port, Array(request.utf8), seconds: seconds) }
    }

    private static func roundTrip(port: Int, _ request: [UInt8], seconds: Int) -> (code: Int, reason: String)? {
        guard let fd = RawHTTP.connectAndSend(port: port, request) else { return nil }
        defer { close(fd) }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let close = closeFrame(in: reply) { return close }
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { return nil }
            reply += chunk[0..<n]
        }
    }

    /// The close frame after the response head, once all of it is in `bytes` (server frames are
    /// unmasked; a close reason fits the 7-bit length).
    static func closeFrame(in bytes: [UInt8]) -> (code: Int, reason: String)? {
        let head = Array("\r\n\r\n".utf8)
        guard
            let end = (0...max(bytes.count - head.count, 0)).first(where: {
                Array(bytes.dropFirst($0).prefix(4)) == head
            })
        else { return nil }
        let frame = Array(bytes[(end + 4)...])
        guard frame.count >= 2, frame[0] == 0x88 else { return nil }
        let length = Int(frame[1] & 0x7F)
        guard length >= 2, length < 126, frame.count >= 2 + length else { return nil }
        let code = Int(frame[2]) << 8 | Int(frame[3])
        return (code, String(decoding: frame[4..<(2 + length)], as: UTF8.self))
    }
}
