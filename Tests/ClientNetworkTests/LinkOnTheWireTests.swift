// Which link the suites run over, read off the wire. `Scripts/test` runs the event-socket and
// terminal-stream suites twice: on the plain link loopback gets, and with
// `CLAUDEPM_WS_COMPRESS=always` on the compressed one remote users get. This test runs in both
// passes and shows, through a forwarder that keeps every byte, that the link is the one the pass
// is for: no extension on the plain pass; on the compressed pass both sides agree on
// permessage-deflate and the server's pane output arrives as compressed frames (RSV1).
import ClaudePMProtocol
import ClientCore
import Foundation
import TestSupport
import Testing

@testable import ClientNetwork

@Suite(.enabled(if: ServerProcess.isAvailable, "needs the claudepm-server binary (full build)"))
struct LinkOnTheWireTests {
    @Test func aTerminalStreamRunsOverTheLinkThisPassIsFor() async throws {
        let compressed = WebSocketLink.compressesOnLoopback.load(ordering: .relaxed)
        let fixture = try await ServerFixture.make()
        let proxy = try StallProxy(targetPort: fixture.server.port)
        defer { proxy.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(proxy.port)"))
        let pty = PTYConnection(
            server: ServerConfig(name: "wire", url: url), apiKey: nil, tls: nil, sessionId: fixture.sessionId)
        let recorder = PTYRecorder.follow(pty)
        await pty.open(cols: 90, rows: 25)
        #expect(await eventually { await recorder.isAttached })
        // Output well over the server's 256-byte threshold for compressing a message.
        await pty.input("i=0; while [ $i -lt 40 ]; do echo wire-line-$i-abcdefghijklmnopqrstuvwxyz; i=$((i+1)); done\r")
        #expect(await eventually { String(decoding: await recorder.bytes, as: UTF8.self).contains("wire-line-39") })
        await pty.shutdown()
        let socket = (0..<proxy.connectionCount).first {
            WebSocketWire.parse(proxy.bytes(connection: $0, fromClient: true)).head.lowercased()
                .contains("upgrade: websocket")
        }
        let index = try #require(socket, "no WebSocket connection went through the forwarder")
        let sent = WebSocketWire.parse(proxy.bytes(connection: index, fromClient: true))
        let heard = WebSocketWire.parse(proxy.bytes(connection: index, fromClient: false))
        #expect(sent.head.contains("permessage-deflate") == compressed, "\(sent.head)")
        #expect(heard.head.contains("permessage-deflate") == compressed, "\(heard.head)")
        let deflated = heard.frames.filter(\.rsv1)
        if compressed {
            #expect(!deflated.isEmpty, "no compressed frame from the server: \(heard.frames.count) frames")
        } else {
            #expect(deflated.isEmpty)
        }
    }
}
