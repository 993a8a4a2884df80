// `claudepm health`: is the server up, and what does it report.

import ArgumentParser
import ClientNetwork

struct HealthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Check that the server answers.",
        discussion: """
            Exits 0 when the server answers (even if it reports itself degraded), 69 when it is unreachable.

            Examples:
              claudepm health
              claudepm health --server work --json
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print the server's JSON answer.")
    var json = false

    mutating func run() async throws {
        try await reportingFailures {
            let context = try CLIContext.load(global)
            let connection = try await context.connectPrimary()
            let health = try await connection.rest.health()
            if json { return try Console.json(health) }
            Console.line(
                "\(connection.server.name): \(health.status), version \(health.version), up \(health.uptime)s, "
                    + "database \(health.database), tmux \(health.tmux)")
        }
    }
}
