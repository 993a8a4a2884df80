// The event socket's life as the client log tells it (connecting, connected, why it went down,
// the next try, a rejected key, a stop; never the key), and a resync that fails: the link is not
// left "connected" with old data, it is dropped and tried again. Against a real claudepm-server.

import ClaudePMProtocol
import ClientCore
import Foundation
import TestSupport
import Testing

@testable import ClientNetwork

@Suite(.enabled(if: ServerProcess.isAvailable, "needs the claudepm-server binary (full build)"))
struct EventSocketLifecycleTests {
    @Test func theLinksLifeIsLoggedFromConnectToStop() async throws {
        let fixture = try await ServerFixture.make()
        let capture = LogCapture()
        let socket = EventSocket(
            server: fixture.config, apiKey: nil, tls: nil, configuration: ServerFixture.fastConnection,
            logger: capture.logger)
        let recorder = EventRecorder.follow(socket)
        await socket.start()
        #expect(await eventually { await recorder.connected(snapshots: 1) })
        #expect(capture.lines.contains { $0.hasPrefix("info server lab: connecting to \(fixture.config.url)") })
        #expect(capture.lines.contains { $0.hasPrefix("info server lab: connected") })

        await fixture.server.killHard()
        let retrying = await eventually { capture.lines.contains { $0.contains("server lab: next try (1) in") } }
        #expect(retrying, "\(capture.lines)")
        let down = capture.lines.filter { $0.hasPrefix("warning server lab offline (") }
        #expect(!down.isEmpty, "the reason the link went down is logged as a warning: \(capture.lines)")

        await socket.shutdown()
        #expect(await eventually { capture.lines.contains { $0.hasPrefix("info server lab: disconnected") } })
    }

    @Test func aRejectedKeyIsLoggedAsAnErrorWithoutTheKey() async throws {
        let dir = try TempDirectory()
        let serverKey = String(repeating: "k", count: 40)
        let keyFile = dir.path + "/server.key"
        try Data(serverKey.utf8).write(to: URL(fileURLWithPath: keyFile))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile)
        let server = try ServerProcess(extraArguments: ["--api-key-file", keyFile, "--no-trust-loopback"])
        try await server.start()
        let wrong = "wrong-" + UUID().uuidString
        var configuration = ServerFixture.fastConnection
        configuration.pingInterval = .seconds(10)
        configuration.connectTimeout = .seconds(10)
        let capture = LogCapture()
        let socket = EventSocket(
            server: ServerConfig(name: "guarded", url: server.url), apiKey: APIKey(wrong), tls: nil,
            configuration: configuration, logger: capture.logger)
        await socket.start()
        let rejected = await eventually { capture.lines.contains { $0.contains("close code 4001") } }
        #expect(rejected, "\(capture.lines)")
        let line = capture.lines.first { $0.contains("close code 4001") } ?? ""
        #expect(line.hasPrefix("error server guarded: the API key was rejected"), "\(line)")
        for line in capture.lines {
            #expect(!line.contains(wrong) && !line.contains(serverKey), "a key in the log: \(line)")
        }
        await socket.shutdown()
    }

    /// The socket opens, but the REST resync cannot be made (here: the REST side points at a
    /// closed port). The failure is reported, the link is dropped with "resync failed" as its
    /// reason and tried again; once REST answers, the resync lands and the link stays up.
    @Test func aFailedResyncDropsTheLinkAndTriesAgain() async throws {
        let fixture = try await ServerFixture.make()
        let socket = EventSocket(
            server: fixture.config, apiKey: nil, tls: nil, configuration: ServerFixture.fastConnection)
        let closed = try #require(URL(string: "http://127.0.0.1:\(try FreePort.closed())"))
        await socket.replaceREST(RESTClient(server: ServerConfig(name: "lab", url: closed), apiKey: nil, tls: nil))
        let recorder = EventRecorder.follow(socket)
        await socket.start()

        let dropped = await eventually {
            let (reasons, statuses) = (await recorder.offlineReasons, await recorder.statuses)
            return reasons.contains("resync failed")
                && statuses.contains { if case .reconnecting = $0 { true } else { false } }
        }
        let statuses = await recorder.statuses
        #expect(dropped, "statuses: \(statuses)")
        let opened = statuses.first { if case .connecting = $0 { false } else { true } }
        #expect(opened == .connected, "the link itself opened: \(statuses)")
        #expect(await recorder.snapshots.isEmpty)
        #expect(await !recorder.failures.isEmpty, "the resync's error is reported")

        await socket.replaceREST(fixture.rest)
        #expect(await eventually { await recorder.connected(snapshots: 1) })
        let snapshot = try #require(await recorder.snapshots.first)
        #expect(snapshot.sessions.map(\.id).contains(fixture.sessionId))
        await socket.shutdown()
    }

    /// Each failure is reported once (`.offlineReason`, an `offline` line of `watch`), not again
    /// with the `connecting` status of the retry that follows it: with the server gone, every try
    /// fails once and is followed by one `reconnecting`.
    @Test func eachFailureIsReportedOnce() async throws {
        let fixture = try await ServerFixture.make()
        let (socket, recorder) = await fixture.startedSocket()
        #expect(await eventually { await recorder.connected(snapshots: 1) })
        await fixture.server.killHard()
        let retried = await eventually {
            await recorder.statuses.filter { if case .reconnecting = $0 { true } else { false } }.count >= 3
        }
        await socket.shutdown()
        let (statuses, reasons) = (await recorder.statuses, await recorder.offlineReasons)
        #expect(retried, "\(statuses)")
        let retries = statuses.filter { if case .reconnecting = $0 { true } else { false } }.count
        // A reason goes out just before its `reconnecting`: at most one may lead its status.
        #expect(reasons.count >= retries && reasons.count <= retries + 1, "\(reasons) for \(retries) retries")
    }

    /// A resync still out when its link dies must not mark the server online. The resync's REST
    /// requests go through a stalled proxy (to a second server) while the event socket's server is
    /// killed; let through once the socket is reconnecting, the late snapshot is dropped (and the
    /// log says so), and no snapshot is reported while no link is up.
    @Test func aResyncThatLandsAfterItsLinkDiedIsDropped() async throws {
        let live = try await ServerFixture.make()
        let other = try await ServerFixture.make()
        let proxy = try StallProxy(targetPort: other.server.port)
        proxy.stall()
        let capture = LogCapture()
        let socket = EventSocket(
            server: live.config, apiKey: nil, tls: nil, configuration: ServerFixture.fastConnection,
            logger: capture.logger)
        let slow = try #require(URL(string: "http://127.0.0.1:\(proxy.port)"))
        await socket.replaceREST(RESTClient(server: ServerConfig(name: "lab", url: slow), apiKey: nil, tls: nil))
        let recorder = EventRecorder.follow(socket)
        await socket.start()
        #expect(await eventually { await recorder.isConnected })
        await live.server.killHard()
        let reconnecting = await eventually {
            await recorder.statuses.contains { if case .reconnecting = $0 { true } else { false } }
        }
        let statuses = await recorder.statuses
        #expect(reconnecting, "\(statuses)")
        proxy.resume()
        let dropped = await eventually {
            capture.lines.contains { $0.contains("a resync that finished after its link went down is dropped") }
        }
        #expect(dropped, "\(capture.lines)")
        #expect(await recorder.snapshots.isEmpty, "a snapshot was reported with no link up")
        await socket.shutdown()
        proxy.stop()
    }
}

extension EventSocket {
    /// Points the resync's REST requests somewhere else.
    func replaceREST(_ client: RESTClient) { rest = client }
}
