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
