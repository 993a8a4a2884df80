// Opens the terminal UI (ClientRuntime) on the configured servers. Keys and TLS trust are
// resolved first, while the terminal is still a plain terminal (prompts cannot run inside the UI).

import ArgumentParser
import ClientCore
import ClientNetwork
import ClientRuntime

enum UILauncher {
    /// True when this build includes the terminal UI.
    static let isAvailable = true

    /// Runs the UI on every configured server.
    static func run(context: CLIContext) async throws {
        var servers: [RuntimeServer] = []
        for server in context.config.servers {
            let connection = try await context.connect(server)
            servers.append(RuntimeServer(config: connection.server, apiKey: connection.apiKey, tls: connection.tls))
        }
        try await run(RuntimeOptions(servers: servers, ui: context.config.ui, noColor: context.options.noColor))
    }

    /// Runs the UI on `config` (servers without keys or custom TLS, e.g. the local demo).
    static func run(config: ClientConfig) async throws {
        let servers = config.servers.map { RuntimeServer(config: $0) }
        try await run(RuntimeOptions(servers: servers, ui: config.ui))
    }

    private static func run(_ options: RuntimeOptions) async throws {
        let code = try await ClientRuntime.run(options: options)
        if code != 0 { throw ExitCode(code) }
    }
}
