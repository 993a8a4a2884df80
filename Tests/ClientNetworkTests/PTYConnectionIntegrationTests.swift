// A PTY attachment against a real claudepm-server and real tmux: attach, type, survive a restart.

import ClaudePMProtocol
import ClientCore
import Foundation
import TestSupport
import Testing

@testable import ClientNetwork

@Suite(.enabled(if: ServerProcess.isAvailable, "needs the claudepm-server binary (full build)"))
struct PTYConnectionIntegrationTests {
    @Test func attachesTypesAndReattachesAfterServerRestart() async throws {
        let fixture = try await ServerFixture.make()
        var configuration = PTYConnectionMachine.Configuration()
        configuration.backoff = Backoff(initial: .milliseconds(200), maximum: .seconds(1), jitter: 0.25)
        let pty = PTYConnection(
            server: fixture.config, apiKey: nil, tls: nil, sessionId: fixture.sessionId, configuration: configuration)
        let recorder = PTYRecorder.follow(pty)
        await pty.open(cols: 90, rows: 25)
        #expect(await eventually { await recorder.isAttached })

        let marker = "pty-marker-\(UInt32.random(in: 0...UInt32.max))"
        await pty.input("echo \(marker)\r")
        #expect(await eventually { String(decoding: await recorder.bytes, as: UTF8.self).contains(marker) })

        await fixture.server.killHard()
        #expect(await eventually { await recorder.sawReconnecting })
        try await fixture.server.start()
        #expect(await eventually(within: 40) { await recorder.attached(times: 2) })

        let second = "after-restart-\(UInt32.random(in: 0...UInt32.max))"
        await pty.input("echo \(second)\r")
        #expect(await eventually { String(decoding: await recorder.bytes, as: UTF8.self).contains(second) })
        await pty.shutdown()
    }
}
