// A listener that reads the upgrade request and closes cleanly (a proxy or tunnel whose backend is
// down) fails the attempt at once, as HTTP would notice: the link does not wait for its open
// timeout (set here far beyond the test's patience), and the failure says what happened.
import ClaudePMProtocol
import ClientCore
import Foundation
import TestSupport
import Testing

@testable import ClientNetwork

@Suite struct CutHandshakeTests {
    static func cutServer(_ listener: TCPEchoServer, name: String) -> ServerConfig {
        ServerConfig(name: name, url: URL(string: "http://127.0.0.1:\(listener.port)") ?? ServerConfig.defaultURL)
    }

    @Test func anEventSocketUpgradeCutByACleanCloseFailsAtOnce() async throws {
        let listener = try TCPEchoServer(answer: [])
        var configuration = ServerFixture.fastConnection
        configuration.connectTimeout = .seconds(600)
        let socket = EventSocket(
            server: Self.cutServer(listener, name: "cut"), apiKey: nil, tls: nil, configuration: configuration)
        let recorder = EventRecorder.follow(socket)
        await socket.start()
        let failed = await eventually(within: 60) { await recorder.offlineReasons.count >= 2 }
        await socket.shutdown()
        let (reasons, statuses) = (await recorder.offlineReasons, await recorder.statuses)
        #expect(failed, "the cut handshake was not noticed: \(statuses)")
        #expect(!reasons.contains("timeout"), "\(reasons)")
    }

    @Test func aTerminalStreamUpgradeCutByACleanCloseFailsAtOnce() async throws {
        let listener = try TCPEchoServer(answer: [])
        var configuration = PTYConnectionMachine.Configuration()
        configuration.attachTimeout = .seconds(600)
        configuration.backoff = Backoff(initial: .milliseconds(200), maximum: .seconds(1), jitter: 0.25)
        let pty = PTYConnection(
            server: Self.cutServer(listener, name: "cut"), apiKey: nil, tls: nil, sessionId: "s1",
            configuration: configuration)
        let recorder = PTYRecorder.follow(pty)
        await pty.open(cols: 80, rows: 24)
        let failed = await eventually(within: 60) { await recorder.sawReconnecting }
        await pty.shutdown()
        let statuses = await recorder.statuses
        #expect(failed, "the cut handshake was not noticed: \(statuses)")
    }
}
