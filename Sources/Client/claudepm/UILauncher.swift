// Opens the terminal UI through ClientRuntime. Keys and TLS trust are resolved here first (a
// trust-on-first-use prompt must happen before the UI takes the screen). Without a terminal on
// stdin and stdout, the default command streams events like `claudepm watch` instead.

import ClientCore
import ClientNetwork
import ClientRuntime
import Foundation

enum UILauncher {
    /// True when stdin and stdout are terminals, so the UI can run.
    static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Runs the UI on every configured server.
    static func run(context: CLIContext) async throws {
        var connections: [Connection] = []
        for server in context.config.servers { connections.append(try await context.connect(server)) }
        guard isAvailable else {
            Console.error("claudepm: not a terminal; streaming events instead (Ctrl-C to stop)")
            return try await WatchCommand.watch(connections, json: false, heartbeat: nil)
        }
        try await runUI(connections, ui: context.config.ui, noColor: context.options.noColor)
    }

    /// Runs the UI on already resolved connections.
    static func runUI(_ connections: [Connection], ui: UIOptions = .default, noColor: Bool = false) async throws {
        let servers = connections.map { RuntimeServer(config: $0.server, apiKey: $0.apiKey, tls: $0.tls) }
        let code = try await ClientRuntime.run(options: RuntimeOptions(servers: servers, ui: ui, noColor: noColor))
        if code != 0 { throw CLIFailure(message: "the terminal UI exited with status \(code)", code: code) }
    }
}
