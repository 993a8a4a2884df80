// DirectLink against a scripted server on loopback: messages and fragments arrive whole and on the
// link's event loop, pings are answered, a server's close code and reason are reported (4001 for
// a wrong key) and echoed, an oversized message is refused with 1009, every frame the client
// sends is masked, the key goes in the header and the query, and a link that never opens says so.

import ClientCore
import Foundation
import NIOCore
import NIOPosix
import NIOWebSocket
import Synchronization
import TestSupport
import Testing

@testable import ClientNetwork

/// What a DirectLink reported, in order, and whether each report came on the link's loop.
private final class LinkLog: Sendable {
    enum Entry: Sendable {
        case opened(LinkWriter)
        case message(String)
        case closed(LinkClose)
    }

    let entries = Mutex<[Entry]>([])
    let offLoop = Mutex(0)

    func events(on loop: any EventLoop) -> DirectLink.Events {
        DirectLink.Events(
            opened: { self.record(.opened($0), loop: loop) },
            message: { self.record(.message($0.text), loop: loop) },
            closed: { self.record(.closed($0), loop: loop) })
    }

    private func record(_ entry: Entry, loop: any EventLoop) {
        if !loop.inEventLoop { offLoop.withLock { $0 += 1 } }
        entries.withLock { $0.append(entry) }
    }

    var messages: [String] {
        entries.withLock { $0.compactMap { if case .message(let text) = $0 { text } else { nil } } }
    }
    var closes: [LinkClose] {
        entries.withLock { $0.compactMap { if case .closed(let close) = $0 { close } else { nil } } }
    }
    var writer: LinkWriter? {
        entries.withLock { $0.lazy.compactMap { if case .opened(let writer) = $0 { writer } else { nil } }.first }
    }
}

@Suite struct DirectLinkTests {
    private func start(_ server: ScriptedWebSocketServer, key: String? = nil) -> (LinkLog, DirectLink.Handle) {
        start(port: server.port, key: key)
    }

    private func start(port: Int, key: String? = nil) -> (LinkLog, DirectLink.Handle) {
        let log = LinkLog()
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let config = ServerConfig(name: "scripted", url: URL(string: "http://127.0.0.1:\(port)")!)
        let handle = DirectLink.start(
            server: config, apiKey: key.map { APIKey($0) }, tls: nil, loop: loop, events: log.events(on: loop))
        return (log, handle)
    }

    @Test func messagesAndFragmentsArriveWholeAndPingsAreAnsweredMasked() async throws {
        try await stopping(
            ScriptedWebSocketServer(script: [
                .text("hello"), .fragments(["ab", "c", "d€"]), .ping("p1"), .text("after"),
            ])
        ) { server in
            let (log, handle) = start(server)
            defer { handle.cancel() }
            #expect(await eventually { log.messages.count == 3 }, "\(log.messages)")
            #expect(log.messages == ["hello", "abcd€", "after"])
            #expect(await eventually { server.received.contains { $0.opcode == .pong } })
            let pong = try #require(server.received.first { $0.opcode == .pong })
            #expect(pong.text == "p1")
            #expect(pong.masked, "a client's frames must be masked")
            #expect(log.offLoop.withLock { $0 } == 0, "events came off the link's event loop")
        }
    }

    @Test func aServerCloseIsReportedWithItsCodeAndReasonAndEchoed() async throws {
        try await stopping(ScriptedWebSocketServer(script: [.text("x"), .close(4001, "Unauthorized")])) { server in
            let (log, handle) = start(server)
            defer { handle.cancel() }
            #expect(await eventually { !log.closes.isEmpty })
            let close = try #require(log.closes.first)
            #expect(close.code == 4001)
            #expect(close.reason == "Unauthorized")
            #expect(!close.neverOpened)
            #expect(log.messages == ["x"])
            #expect(await eventually { server.received.contains { $0.opcode == .connectionClose } })
            let echo = try #require(server.received.first { $0.opcode == .connectionClose })
            #expect(echo.closeCode == 4001)
            #expect(echo.masked)
            #expect(log.closes.count == 1, "closed is reported once")
        }
    }

    @Test func aMessageOverTheLimitClosesTheLinkAsTooBig() async throws {
        try await stopping(ScriptedWebSocketServer(script: [.big(WebSocketLink.maxMessageSize + 1)])) { server in
            let (log, handle) = start(server)
            defer { handle.cancel() }
            #expect(await eventually { server.received.contains { $0.opcode == .connectionClose } })
            let close = try #require(server.received.first { $0.opcode == .connectionClose })
            #expect(close.closeCode == UInt16(webSocketErrorCode: .messageTooLarge))
            #expect(log.messages.isEmpty)
            #expect(await eventually { log.closes.count == 1 })
        }
    }

    @Test func aFrameWithAReservedBitIsAProtocolError() async throws {
        try await stopping(ScriptedWebSocketServer(script: [.flaggedRSV1("deflated?")])) { server in
            let (log, handle) = start(server)
            defer { handle.cancel() }
            #expect(await eventually { server.received.contains { $0.opcode == .connectionClose } })
            #expect(server.received.first { $0.opcode == .connectionClose }?.closeCode == 1002)
            #expect(log.messages.isEmpty)
        }
    }

    @Test func theClientSendsMaskedTextAndClosesNormally() async throws {
        try await stopping(ScriptedWebSocketServer(script: [])) { server in
            let (log, handle) = start(server, key: "k+1&2")
            defer { handle.cancel() }
            #expect(await eventually { log.writer != nil })
            let writer = try #require(log.writer)
            try await writer.send(#"{"type":"ping"}"#)
            #expect(await eventually { server.received.contains { $0.opcode == .text } })
            let text = try #require(server.received.first { $0.opcode == .text })
            #expect(text.text == #"{"type":"ping"}"#)
            #expect(text.masked)
            await writer.close()
            #expect(await eventually { !log.closes.isEmpty })
            #expect(server.received.first { $0.opcode == .connectionClose }?.closeCode == 1000)
            #expect(log.closes.first?.code == 1000, "the server's echo of our close")
            let request = try #require(server.upgradeRequests.first)
            #expect(request.headers["X-API-Key"] == ["k+1&2"])
            #expect(request.uri == "/?apiKey=k%2B1%262")
            await #expect(throws: (any Error).self) { try await writer.send("late") }
        }
    }

    @Test func aRefusedUpgradeAndAClosedPortNeverOpen() async throws {
        let refusing = try await ScriptedWebSocketServer(script: [], refuseUpgrade: true)
        let (log, handle) = start(refusing)
        defer { handle.cancel() }
        #expect(await eventually { !log.closes.isEmpty })
        #expect(log.closes.first?.neverOpened == true)
        #expect(log.closes.first?.failure != nil)
        #expect(log.writer == nil)
        await refusing.stop()

        let port = try FreePort.closed()
        let (gone, goneHandle) = start(port: port)
        defer { goneHandle.cancel() }
        #expect(await eventually { !gone.closes.isEmpty })
        #expect(gone.closes.first?.neverOpened == true)
        #expect(gone.closes.first?.reason == "connection refused", "port \(port): \(gone.closes)")
    }

    @Test func cancellingSendsACloseFrame() async throws {
        try await stopping(ScriptedWebSocketServer(script: [])) { server in
            let (log, handle) = start(server)
            #expect(await eventually { log.writer != nil })
            handle.cancel()
            #expect(await eventually { server.received.contains { $0.opcode == .connectionClose } })
            #expect(server.received.first { $0.opcode == .connectionClose }?.closeCode == 1000)
            #expect(await eventually { log.closes.count == 1 })
        }
    }
}
