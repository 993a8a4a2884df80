// `claudepm tickets`: tickets of one or every project, filtered by state.

import ArgumentParser
import ClaudePMProtocol
import ClientNetwork

struct TicketsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tickets",
        abstract: "List tickets.",
        discussion: """
            --project takes a project name, id or id prefix; without it every project is listed.
            --state is one of backlog, in_progress, review, done.

            Examples:
              claudepm tickets --state review
              claudepm tickets --project shop --json
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "Project name, id or id prefix.")
    var project: String?

    @Option(help: "Only tickets in this state (backlog, in_progress, review, done).")
    var state: String?

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        if let state, !TicketState.knownCases.contains(where: { $0.rawValue == state }) {
            throw ValidationError("--state must be one of backlog, in_progress, review, done")
        }
    }

    struct Row: Encodable {
        var project: String
        var ticket: Ticket
    }

    mutating func run() async throws {
        try await reportingFailures {
            let context = try CLIContext.load(global)
            let rest = try await context.connectPrimary().rest
            var projects = try await rest.projects()
            if let project {
                let items = projects.map {
                    Referable(id: $0.id, keys: [$0.name], label: "\($0.name) (\($0.id.prefix(8)))")
                }
                let id = try ReferenceResolver.resolve(project, in: items, kind: "project")
                projects = projects.filter { $0.id == id }
            }
            let query = TicketQuery(state: state.map(TicketState.init(rawValue:)))
            var rows: [Row] = []
            for project in projects {
                let tickets = try await rest.allTickets(projectId: project.id, query: query)
                rows += tickets.map { Row(project: project.name, ticket: $0) }
            }
            if json { return try Console.json(rows.map(\.ticket)) }
            Console.table(
                ["KEY", "STATE", "PROJECT", "TITLE"],
                rows.map {
                    [
                        $0.ticket.externalId ?? String($0.ticket.id.prefix(8)), $0.ticket.state.rawValue, $0.project,
                        $0.ticket.title,
                    ]
                })
        }
    }
}
