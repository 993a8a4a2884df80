// Link truth over real sockets: a real claudepm-server behind a TCP forwarder that stalls (both
// sockets stay open, nothing moves: a half-open link), and a real server frozen with SIGSTOP.
// The event socket reports the late heartbeat, then declares the link down and reconnects once
// bytes move again; a terminal holds what is typed while its link is in doubt, reports it as
// pending, and after the reconnect discards it with a report: it never reaches the pane.

import ClaudePMProtocol
import ClientCore
import Foundation
import TestSupport
import Testing

@testable import ClientNetwork

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.enabled(if: ServerProcess.isAvailable, "needs the claudepm-server binary (full build)"))
struct HalfOpenLinkTests {
    /// Quick heartbeats that a loaded machine (the whole suite in parallel) still keeps up: a ping
    /// every 3 s, late after 1 s, down after 6 s of silence; connecting may take 10 s.
    static var quickHeartbeat: ConnectionMachine.Configuration {
        var configuration = ServerFixture.fastConnection
        configuration.pingInterval = .seconds(3)
        configuration.lateAfter = .seconds(1)
        configuration.connectTimeout = .seconds(10)
        return configuration
    }

    static func config(through proxy: StallProxy, name: String) -> ServerConfig {
        ServerConfig(name: name, url: URL(string: "http://127.0.0.1:\(proxy.port)") ?? ServerConfig.defaultURL)
    }

    @Test func aStalledLinkIsLateThenDownThenBackWhenBytesMoveAgain() async throws {
        let server = try ServerProcess()
        try await server.start()
        let proxy = try StallProxy(targetPort: server.port)
        defer { proxy.stop() }
        let socket = EventSocket(
            server: Self.config(through: proxy, name: "stalled"), apiKey: nil, tls: nil,
            configuration: Self.quickHeartbeat)
        let recorder = EventRecorder.follow(socket)
        await socket.start()
        #expect(await eventually(within: 60) { await recorder.connected(snapshots: 1) })

        proxy.stall()
        #expect(await eventually { await recorder.lateReports.contains { $0 != nil } }, "no late heartbeat reported")
        #expect(await recorder.isConnected, "late is not down yet")
        #expect(await eventually { await recorder.offlineReasons.contains("no answer") })
        let statuses = await recorder.statuses
        #expect(statuses.contains { if case .reconnecting = $0 { true } else { false } }, "never declared down")

        proxy.resume()
        #expect(await eventually(within: 60) { await recorder.reconnected(after: 1) }, "did not come back")
        await socket.shutdown()
    }

    @Test func aFrozenServerIsFound() async throws {
        let server = try ServerProcess()
        try await server.start()
        let socket = EventSocket(
            server: ServerConfig(name: "frozen", url: server.url), apiKey: nil, tls: nil,
            configuration: Self.quickHeartbeat)
        let recorder = EventRecorder.follow(socket)
        await socket.start()
        #expect(await eventually(within: 60) { await recorder.connected(snapshots: 1) })
        server.signal(SIGSTOP)
        #expect(await eventually { await recorder.lateReports.contains { $0 != nil } }, "no late heartbeat reported")
        #expect(await eventually { await recorder.offlineReasons.contains("no answer") }, "never declared down")
        server.signal(SIGCONT)
        #expect(await eventually(within: 60) { await recorder.reconnected(after: 1) }, "did not come back")
        await socket.shutdown()
    }

    @Test func keysTypedIntoAStalledTerminalArePendingThenDiscardedNeverReplayed() async throws {
        let fixture = try await ServerFixture.make()
        let proxy = try StallProxy(targetPort: fixture.server.port)
        defer { proxy.stop() }
        var configuration = PTYConnectionMachine.Configuration()
        configuration.backoff = Backoff(initial: .milliseconds(200), maximum: .seconds(1), jitter: 0.25)
        configuration.pingInterval = .seconds(3)
        configuration.lateAfter = .seconds(1)
        let pty = PTYConnection(
            server: Self.config(through: proxy, name: "lab"), apiKey: nil, tls: nil, sessionId: fixture.sessionId,
            configuration: configuration)
        let recorder = PTYRecorder.follow(pty)
        await pty.open(cols: 90, rows: 25)
        #expect(await eventually { await recorder.isAttached })
        let before = "before-\(UInt32.random(in: 0...UInt32.max))"
        await pty.input("echo \(before)\r")
        #expect(await eventually { String(decoding: await recorder.bytes, as: UTF8.self).contains(before) })

        proxy.stall()
        #expect(await eventually { await recorder.isLate }, "the stalled link was never reported late")
        let lostFile = fixture.server.directory + "/lost-\(UInt32.random(in: 0...UInt32.max))"
        let lost = "touch " + lostFile
        await pty.input(lost + "\r")
        let count = lost.utf8.count + 1
        #expect(await eventually { await recorder.held.last == count }, "the keys are not shown as pending")
        #expect(await eventually { await recorder.sawReconnecting }, "never declared down")
        proxy.resume()
        #expect(await eventually { await recorder.attached(times: 2) }, "did not re-attach")
        #expect(await eventually { await recorder.dropped.contains(count) }, "no discard report")
        #expect(await recorder.held.last == 0)

        let after = "after-\(UInt32.random(in: 0...UInt32.max))"
        await pty.input("echo \(after)\r")
        #expect(await eventually { String(decoding: await recorder.bytes, as: UTF8.self).contains(after) })
        #expect(!FileManager.default.fileExists(atPath: lostFile), "the held keys ran in the shell")
        #expect(!String(decoding: await recorder.bytes, as: UTF8.self).contains(lostFile), "the held keys were echoed")
        await pty.shutdown()
    }
}
