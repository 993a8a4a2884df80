// A demo server for the pane-stream tests, without a UI: its URL as a client ServerConfig and
// REST access. Torn down even when the body throws.
import ClientCore
import ClientNetwork
import Foundation
import TestSupport

/// A demo server and the client-side handles on it.
struct StreamWorld: Sendable {
    let server: DemoServer
    let config: ServerConfig
    let rest: RESTClient

    static func with(_ body: (StreamWorld) async throws -> Void) async throws {
        try await DemoSlots.shared.with { try await run(body) }
    }

    private static func run(_ body: (StreamWorld) async throws -> Void) async throws {
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
