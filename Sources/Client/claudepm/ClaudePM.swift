// The `claudepm` executable: argument parsing and subcommands. The terminal UI itself lives in
// ClientRuntime; every subcommand here is scriptable (`--json`, documented exit codes).

import ArgumentParser
import ClientNetwork

/// The `claudepm` command: the terminal client for Claude PM servers.
@main
struct ClaudePM: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "claudepm",
        abstract: "Watch and steer many Claude Code sessions from a terminal.",
        discussion: """
            claudepm talks to a Claude PM server (the upstream Node server or claudepm-server) \
            over REST and WebSocket.

            Examples:
              claudepm                         open the terminal UI on the configured servers
              claudepm --read-only             watch only: send no keys, answers or board actions
              claudepm demo                    run an embedded demo server and watch it
              claudepm sessions --json         list sessions for a script
              claudepm send 1a2b "run tests"   type a line into a session
              claudepm watch --json            stream events as JSON lines

            Exit codes: 0 success, 1 the server refused or failed, 64 usage or config error,
            65 no/ambiguous match, 69 server unreachable, 76 unreadable answer, 77 auth or TLS trust failure.
            """,
        subcommands: [
            HealthCommand.self, SessionsCommand.self, TicketsCommand.self, NotificationsCommand.self,
            SendCommand.self, WatchCommand.self, ServersCommand.self, DemoCommand.self, ExportCommand.self,
            ReplayCommand.self,
        ]
    )

    @OptionGroup var global: GlobalOptions

    @Flag(
        name: .long,
        help: "Watch only: send no keys, answers or board actions (per server: read_only = true in the config).")
    var readOnly = false

    mutating func run() async throws {
        let readOnly = self.readOnly
        NetworkThreads.useOne()
        try await reportingFailures {
            let context = try CLIContext.load(global, readOnly: readOnly)
            try await UILauncher.run(context: context)
        }
    }
}
