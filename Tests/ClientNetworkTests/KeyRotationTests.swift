// A rotated key file is picked up without a restart: after a 4001 the socket rests in authFailed,
// the user fixes the key file and asks to reconnect (Ctrl-R in the UI calls `start()`), and the
// socket re-reads the file before connecting. Against a real claudepm-server with its own key file.

import ClientCore
import Foundation
import TestSupport
import Testing

@testable import ClientNetwork

@Suite(.enabled(if: ServerProcess.isAvailable, "needs the claudepm-server binary (full build)"))
struct KeyRotationTests {
    static func writeKey(_ key: String, to path: String) throws {
        try Data(key.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }

    @Test func aFixedKeyFileIsReReadWhenReconnectIsAsked() async throws {
        let dir = try TempDirectory()
        let serverKey = dir.path + "/server.key"
        let clientKey = dir.path + "/client.key"
        try Self.writeKey(String(repeating: "k", count: 40), to: serverKey)
        try Self.writeKey(String(repeating: "w", count: 40), to: clientKey)
        let server = try ServerProcess(extraArguments: ["--api-key-file", serverKey, "--no-trust-loopback"])
        try await server.start()
        let config = ServerConfig(name: "rotated", url: server.url, apiKeySource: .file(clientKey))
        let key = RotatingAPIKey(try ClientAPIKeyLoader.load(for: config), source: config.apiKeySource)
        var configuration = ServerFixture.fastConnection
        configuration.pingInterval = .seconds(10)
        configuration.connectTimeout = .seconds(10)
        let socket = EventSocket(server: config, apiKey: nil, tls: nil, configuration: configuration, key: key)
        let recorder = EventRecorder.follow(socket)
        await socket.start()
        let rejected = await eventually {
            await recorder.statuses.contains { if case .authFailed = $0 { true } else { false } }
        }
        let first = await recorder.statuses
        #expect(rejected, "statuses: \(first)")

        try Self.writeKey(String(repeating: "k", count: 40), to: clientKey)
        await socket.start()
        let connected = await eventually { await recorder.connected(snapshots: 1) }
        let statuses = await recorder.statuses
        #expect(connected, "statuses: \(statuses)")
        #expect(key.current == APIKey(String(repeating: "k", count: 40)))
        await socket.shutdown()
    }

    /// A terminal stream's retries use the key file as it is now: the server restarts with a new
    /// key, the client's key file is rewritten to match, and the stream attaches again.
    @Test func aTerminalStreamReReadsTheKeyFileOnEachRetry() async throws {
        let dir = try TempDirectory()
        let (serverKey, clientKey) = (dir.path + "/server.key", dir.path + "/client.key")
        let (old, new) = (String(repeating: "o", count: 40), String(repeating: "n", count: 40))
        try Self.writeKey(old, to: serverKey)
        try Self.writeKey(old, to: clientKey)
        let fixture = try await ServerFixture.make(
            serverArguments: ["--api-key-file", serverKey, "--no-trust-loopback"], apiKey: APIKey(old))
        let source = APIKeySource.file(clientKey)
        var configuration = PTYConnectionMachine.Configuration()
        configuration.backoff = Backoff(initial: .milliseconds(200), maximum: .seconds(1), jitter: 0.25)
        let pty = PTYConnection(
            server: fixture.config, apiKey: nil, tls: nil, sessionId: fixture.sessionId,
            configuration: configuration, key: RotatingAPIKey(APIKey(old), source: source))
        let recorder = PTYRecorder.follow(pty)
        await pty.open(cols: 80, rows: 24)
        #expect(await eventually { await recorder.isAttached })
        await fixture.server.killHard()
        #expect(await eventually { await recorder.sawReconnecting })
        try Self.writeKey(new, to: serverKey)
        try Self.writeKey(new, to: clientKey)
        try await fixture.server.start()
        let again = await eventually(within: 40) { await recorder.attached(times: 2) }
        let statuses = await recorder.statuses
        #expect(again, "the stream did not attach with the new key: \(statuses)")
        await pty.shutdown()
    }

    @Test func anUnreadableKeyFileKeepsTheLastGoodKey() throws {
        let dir = try TempDirectory()
        let path = dir.path + "/client.key"
        try Self.writeKey(String(repeating: "a", count: 40), to: path)
        let key = RotatingAPIKey(APIKey(String(repeating: "a", count: 40)), source: .file(path))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(key.reload(server: "s") == false, "a group-readable key file is refused")
        #expect(key.current == APIKey(String(repeating: "a", count: 40)))
        try Self.writeKey(String(repeating: "b", count: 40), to: path)
        #expect(key.reload(server: "s"))
        #expect(key.current == APIKey(String(repeating: "b", count: 40)))
        #expect(key.reload(server: "s") == false, "unchanged")
    }
}
