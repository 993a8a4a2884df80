// `claudepm sessions`: the sessions of every configured server, as a table or as the servers'
// own JSON with a `server` field added to each record.

import ArgumentParser
import ClaudePMProtocol
import ClientNetwork

struct SessionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List sessions.",
        discussion: """
            Lists the sessions of every configured server, in config order (--server NAME \
            lists one). The JSON form is the servers' session objects (snake_case, as \
            GET /api/sessions returns them) with a "server" field naming the configured server. \
            A server that cannot be reached is named on stderr, the others are still listed, \
            and the exit status is that server's (e.g. 69).

            Examples:
              claudepm sessions
              claudepm sessions --running
              claudepm sessions --json | jq -r '.[].id'
              claudepm sessions --json | jq -r '.[] | select(.server=="work") | .id'
              claudepm sessions --server laptop
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Only running sessions.")
    var running = false

    mutating func run() async throws {
        try await reportingFailures {
            let context = try CLIContext.load(global)
            let fleet = await context.askEveryServer { try await $0.rest.sessionList() }
            for (server, list) in fleet.answers { Console.skipped(server: server, kind: "session", list.skipped) }
            var rows = fleet.records(\.items)
            if running { rows = rows.filter { $0.record.status == .running } }
            guard fleet.anyAnswered else { return try fleet.finish() }
            if json {
                try Console.json(rows.map { ServerTagged(server: $0.server, record: $0.record) })
            } else {
                Console.table(
                    fleet.header(["ID", "STATUS", "PROJECT", "TICKET", "PANE", "COMMAND"]),
                    rows.map { server, session in
                        fleet.row(
                            server,
                            [
                                String(session.id.prefix(8)), session.status.rawValue, session.project?.name ?? "-",
                                session.ticket.map { $0.externalId ?? $0.title } ?? "-",
                                session.paneName ?? session.paneId, session.paneCommand ?? "-",
                            ])
                    })
            }
            try fleet.finish()
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
