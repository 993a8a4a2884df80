// `claudepm sessions`: the server's sessions, as a table or as the server's own JSON.

import ArgumentParser
import ClaudePMProtocol
import ClientNetwork

struct SessionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List sessions.",
        discussion: """
            The JSON form is the server's session objects (snake_case, as GET /api/sessions returns them).

            Examples:
              claudepm sessions
              claudepm sessions --running
              claudepm sessions --json | jq -r '.[].id'
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Only running sessions.")
    var running = false

    mutating func run() async throws {
        try await reportingFailures {
            let context = try CLIContext.load(global)
            let connection = try await context.connectPrimary()
            let list = try await connection.rest.sessionList()
            for reason in list.skipped {
                Console.error("warning: \(connection.server.name): a session record was skipped (\(reason))")
            }
            var sessions = list.items
            if running { sessions = sessions.filter { $0.status == .running } }
            if json { return try Console.json(sessions) }
            Console.table(
                ["ID", "STATUS", "PROJECT", "TICKET", "PANE", "COMMAND"],
                sessions.map { session in
                    [
                        String(session.id.prefix(8)), session.status.rawValue, session.project?.name ?? "-",
                        session.ticket.map { $0.externalId ?? $0.title } ?? "-",
                        session.paneName ?? session.paneId, session.paneCommand ?? "-",
                    ]
                })
        }
    }
}

extension Session {
    /// What a person may type to mean this session: its id or pane name or ticket key.
    var referable: Referable {
        var keys: [String] = []
        if let name = paneName { keys.append(name) }
        if let key = ticket?.externalId { keys.append(key) }
        let label = "\(id.prefix(8)) (\(project?.name ?? "?"), \(status.rawValue))"
        return Referable(id: id, keys: keys, label: label)
    }
}
