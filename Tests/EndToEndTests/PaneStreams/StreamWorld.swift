// A demo server for the pane-stream tests, without a UI: its URL as a client ServerConfig and
// REST access. Torn down even when the body throws.
import ClientCore
import ClientNetwork
import Foundation

/// A demo server and the client-side handles on it.
struct StreamWorld: Sendable {
    let server: DemoServer
    let config: ServerConfig
    let rest: RESTClient

    static func with(_ body: (StreamWorld) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("claudepm-e2e-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = directory.path
        environment["LANG"] = "C.UTF-8"
        let server = try await DemoServer.start(environment: environment, directory: directory)
        let config = ServerConfig(name: "demo", url: URL(string: server.url) ?? ServerConfig.defaultURL)
        let world = StreamWorld(server: server, config: config, rest: RESTClient(server: config, apiKey: nil, tls: nil))
        do {
            try await body(world)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}

/// Polls `condition` every 50 ms until it holds or `seconds` pass; returns whether it held.
func eventually(within seconds: Double = 30, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return try await condition()
}
