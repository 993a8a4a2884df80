// A minimal RFC 6455 client for ws:// on loopback: handshake, masked text frames out, text and
// continuation frames in (no extensions offered, so no compression), ping answered with pong.
// Each connection reads on its own thread and hands messages to a callback there. Used instead of
// ClientNetwork's WebSocketLink so the benchmark builds without NIO/BoringSSL (see performance.md).
import Foundation
import Synchronization

/// One WebSocket connection to claudepm-server.
final class MiniWebSocket: Sendable {
    private let fd: Int32
    private let writeLock = Mutex(())

    private init(fd: Int32) { self.fd = fd }

    /// Connects to ws://127.0.0.1:`port`/ and completes the handshake. `onMessage` runs on the
    /// connection's reader thread for each text message; `onEnd` once when the connection ends.
    static func connect(
        port: Int, onMessage: @escaping @Sendable (String) -> Void, onEnd: @escaping @Sendable () -> Void = {}
    ) throws -> MiniWebSocket {
        let fd = try LoopbackSocket.connect(port: port)
        let request =
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: Y2xhdWRlcG0tYmVuY2gtMQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try FDIO.writeAll(fd, Array(request.utf8))
        let head = try LoopbackSocket.readUntil(fd, Array("\r\n\r\n".utf8))
        guard let end = head.firstRange(of: Array("\r\n\r\n".utf8)),
            String(decoding: head[..<end.lowerBound], as: UTF8.self).hasPrefix("HTTP/1.1 101")
        else {
            Foundation.close(fd)
            throw BenchError.server("WebSocket upgrade refused")
        }
        let socket = MiniWebSocket(fd: fd)
        let leftover = Array(head[end.upperBound...])
        let reader = FrameReader(initial: leftover)
        FDIO.readLoop(
            fd,
            onChunk: { chunk in
                for frame in reader.feed(chunk) {
                    switch frame {
                    case .text(let text): onMessage(text)
                    case .ping(let payload): try? socket.sendFrame(opcode: 0xA, payload: payload)
                    case .close: shutdown(fd, Int32(SHUT_RDWR))
                    }
                }
            }, onEnd: onEnd)
        return socket
    }

    /// Sends one text message.
    func send(_ text: String) throws { try sendFrame(opcode: 0x1, payload: Array(text.utf8)) }

    /// Closes the connection (the reader thread then calls `onEnd`).
    func close() {
        try? sendFrame(opcode: 0x8, payload: [0x03, 0xE8])
        shutdown(fd, Int32(SHUT_RDWR))
    }

    private func sendFrame(opcode: UInt8, payload: [UInt8]) throws {
        var frame: [UInt8] = [0x80 | opcode]
        let count = payload.count
        if count < 126 {
            frame.append(0x80 | UInt8(count))
        } else if count < 65_536 {
            frame += [0x80 | 126, UInt8(count >> 8), UInt8(count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8((UInt64(count) >> (UInt64($0) * 8)) & 0xFF) }
        }
        let mask: [UInt8] = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
        try writeLock.withLock { _ in try FDIO.writeAll(fd, frame) }
    }
}
