// The event socket against a real claudepm-server process: restarts, half-open links, bad keys.

import ClaudePMProtocol
import ClientCore
import Foundation
import TestSupport
import Testing

@testable import ClientNetwork

@Suite(.enabled(if: ServerProcess.isAvailable, "needs the claudepm-server binary (full build)"))
struct EventSocketIntegrationTests {
    @Test func reconnectsAndResyncsAfterServerIsKilledAndRestarted() async throws {
        let fixture = try await ServerFixture.make()
        let (socket, recorder) = await fixture.startedSocket()
        #expect(await eventually { await recorder.connected(snapshots: 1) })
        let before = try #require(await recorder.snapshots.first)
        #expect(before.sessions.map(\.id).contains(fixture.sessionId))

        await fixture.server.killHard()
        #expect(await eventually { if case .reconnecting = await recorder.latest { true } else { false } })
        try await fixture.server.start()

        #expect(await eventually { await recorder.connected(snapshots: 2) })
        let after = try #require(await recorder.snapshots.last)
        #expect(Set(after.sessions.map(\.id)) == Set(before.sessions.map(\.id)))
        #expect(after.projects.map(\.id) == before.projects.map(\.id))
        #expect(after.tickets[fixture.projectId]?.map(\.id) == before.tickets[fixture.projectId]?.map(\.id))
        #expect(await socket.machineSubscriptions.contains(fixture.sessionId))
        await socket.shutdown()
    }

    /// Pongs carry the server's time: a server on this machine is estimated within a second of us.
    @Test func pongsGiveTheServersClockOffset() async throws {
        let fixture = try await ServerFixture.make()
        let (socket, recorder) = await fixture.startedSocket()
        #expect(await eventually { await !recorder.clockOffsets.isEmpty })
        let offsets = await recorder.clockOffsets
        #expect(offsets.allSatisfy { abs($0) < 1 }, "\(offsets)")
        await socket.shutdown()
    }

    @Test func silentLinkIsDetectedAsHalfOpenAndRecovered() async throws {
        let fixture = try await ServerFixture.make()
        let (socket, recorder) = await fixture.startedSocket()
        #expect(await eventually { await recorder.isConnected })
        let connectedCount = await recorder.connectedCount

        fixture.server.signal(SIGSTOP)
        #expect(await eventually { if case .reconnecting = await recorder.latest { true } else { false } })
        fixture.server.signal(SIGCONT)

        #expect(
            await eventually {
                await recorder.reconnected(after: connectedCount)
            })
        await socket.shutdown()
    }

    @Test func wrongKeyStopsRetryingWithAClearMessage() async throws {
        let key = String(repeating: "k", count: 40)
        let dir = try TempDirectory()
        let keyFile = dir.path + "/server.key"
        try Data(key.utf8).write(to: URL(fileURLWithPath: keyFile))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile)
        let server = try ServerProcess(extraArguments: ["--api-key-file", keyFile, "--no-trust-loopback"])
        try await server.start()
        let wrong = "wrong-" + UUID().uuidString
        let config = ServerConfig(name: "guarded", url: server.url)

        // Quick retries, but pings slow enough that a loaded machine's late 4001 is never taken
        // for a half-open link (which would reconnect before the rejection is seen).
        var configuration = ServerFixture.fastConnection
        configuration.pingInterval = .seconds(10)
        configuration.connectTimeout = .seconds(10)
        let socket = EventSocket(server: config, apiKey: APIKey(wrong), tls: nil, configuration: configuration)
        let recorder = EventRecorder.follow(socket)
        await socket.start()
        // The rejection is reported (a status may follow it, e.g. the link's offline reason).
        let rejected = await eventually {
            await recorder.statuses.contains { if case .authFailed = $0 { true } else { false } }
        }
        let seen = await recorder.statuses
        #expect(rejected, "statuses: \(seen)")
        let failure = await recorder.failures.first
        #expect(failure?.description == "API key rejected by guarded")
        let count = await recorder.statuses.count
        try await Task.sleep(for: .seconds(2))
        #expect(await recorder.statuses.count == count, "no more connection attempts after the key was rejected")

        let rest = RESTClient(server: config, apiKey: APIKey(wrong), tls: nil)
        do {
            _ = try await rest.sessions()
            Issue.record("a wrong key was accepted")
        } catch {
            #expect(error == .authRejected(server: "guarded"))
            #expect(!error.description.contains(wrong))
        }
        let good = RESTClient(server: config, apiKey: APIKey(key), tls: nil)
        #expect(try await good.sessions().isEmpty)
        await socket.shutdown()
    }
}

extension EventSocket {
    var machineSubscriptions: Set<String> { machine.subscriptions }
}

/// The UI's socket skips `session:output` (whole pane captures it has no use for) without
/// decoding it; a socket that reports everything (`claudepm watch`) gets them from the same server.
@Suite(.enabled(if: ServerProcess.isAvailable, "needs the claudepm-server binary (full build)"))
struct SessionOutputSkipTests {
    @Test func theUIsSocketNeverReportsSessionOutputWhileAnotherSocketGetsIt() async throws {
        let fixture = try await ServerFixture.make()
        let everything = EventSocket(
            server: fixture.config, apiKey: nil, tls: nil, configuration: ServerFixture.fastConnection)
        let skipping = EventSocket(
            server: fixture.config, apiKey: nil, tls: nil, configuration: ServerFixture.fastConnection,
            skipsSessionOutput: true)
        let all = EventRecorder.follow(everything)
        let some = EventRecorder.follow(skipping)
        await everything.start()
        await skipping.start()
        func outputs(_ recorder: EventRecorder) async -> Int {
            await recorder.messages.filter { if case .sessionOutput = $0 { true } else { false } }.count
        }
        func pongs(_ recorder: EventRecorder) async -> Int {
            await recorder.messages.filter { if case .pong = $0 { true } else { false } }.count
        }
        #expect(await eventually(within: 60) { await outputs(all) > 0 }, "the control socket got no session:output")
        // Frames on one connection arrive in order: two pongs later, whatever the server sent the
        // skipping socket at the same time has arrived too.
        let since = await pongs(some)
        #expect(await eventually(within: 30) { await pongs(some) >= since + 2 })
        #expect(await outputs(some) == 0)
        #expect(await some.isConnected, "skipped frames still count as heard from")
        await everything.shutdown()
        await skipping.shutdown()
    }
}
