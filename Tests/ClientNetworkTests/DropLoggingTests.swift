// Frames a client cannot use are logged once per kind, not once per frame and not never: a
// scripted server sends each kind twice (a frame that is not JSON, a message of a type nobody
// knows, and on the event socket a known type whose payload does not decode), to the event
// socket and to a terminal stream.

import ClientCore
import Foundation
import TestSupport
import Testing

@testable import ClientNetwork

@Suite struct DropLoggingTests {
    static let script: [ScriptedWebSocketServer.Step] = [
        .text("not json at all"), .text(#"{"type":"mystery:kind","payload":{}}"#),
        .text(#"{"type":"session:waiting","payload":{"nonsense":true}}"#), .text("{still not json"),
        .text(#"{"type":"mystery:kind","payload":{"again":1}}"#),
        .text(#"{"type":"session:waiting","payload":{"nonsense":false}}"#),
        .text(#"{"type":"mystery:other","payload":{}}"#),
    ]

    /// The scripted server's address as a configured server.
    static func config(_ server: ScriptedWebSocketServer) -> ServerConfig {
        ServerConfig(name: "scripted", url: URL(string: "http://127.0.0.1:\(server.port)")!)
    }

    /// Waits until the script's last kind (`mystery:other`) was logged, then `stop`s and returns
    /// every line.
    static func linesOnceLogged(_ capture: LogCapture, stop: () async -> Void) async -> [String] {
        let seen = await eventually { capture.lines.contains { $0.contains("mystery:other") } }
        await stop()
        #expect(seen, "\(capture.lines)")
        return capture.lines
    }

    @Test func theEventSocketLogsEachKindOfDroppedFrameOnce() async throws {
        try await stopping(ScriptedWebSocketServer(script: Self.script)) { server in
            let capture = LogCapture()
            let socket = EventSocket(
                server: Self.config(server), apiKey: nil, tls: nil, configuration: ServerFixture.fastConnection,
                logger: capture.logger)
            await socket.start()
            let lines = await Self.linesOnceLogged(capture) { await socket.shutdown() }
            #expect(lines.count { $0.contains("an event: not JSON") } == 1, "\(lines)")
            #expect(lines.count { $0.contains("unknown type mystery:kind") } == 1, "\(lines)")
            #expect(lines.count { $0.contains("session:waiting event") && $0.contains("bad payload") } == 1, "\(lines)")
        }
    }

    @Test func aTerminalStreamLogsEachKindOfDroppedFrameOnce() async throws {
        try await stopping(ScriptedWebSocketServer(script: Self.script)) { server in
            let capture = LogCapture()
            let pty = PTYConnection(
                server: Self.config(server), apiKey: nil, tls: nil, sessionId: "s1", logger: capture.logger)
            await pty.open(cols: 80, rows: 24)
            let lines = await Self.linesOnceLogged(capture) { await pty.shutdown() }
            #expect(lines.count { $0.contains("a frame that is not a JSON message") } == 1, "\(lines)")
            #expect(lines.count { $0.contains("unknown type mystery:kind") } == 1, "\(lines)")
        }
    }
}
