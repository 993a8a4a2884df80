// Opens the terminal UI. Until ClientRuntime provides its entry point, the default command
// streams events like `claudepm watch`, so `claudepm` alone is still useful.

import ClientCore
import ClientNetwork

enum UILauncher {
    /// True when this build includes the terminal UI.
    static let isAvailable = false

    /// Runs the UI on every configured server.
    static func run(context: CLIContext) async throws {
        var connections: [Connection] = []
        for server in context.config.servers { connections.append(try await context.connect(server)) }
        Console.error("claudepm: the terminal UI is not in this build; streaming events instead (Ctrl-C to stop)")
        try await WatchCommand.watch(connections, json: false, heartbeat: nil)
    }

    /// Runs the UI on `config`.
    static func run(config: ClientConfig) async throws {
        let connections = config.servers.map { Connection(server: $0, apiKey: nil, tls: nil) }
        try await WatchCommand.watch(connections, json: false, heartbeat: nil)
    }
}
