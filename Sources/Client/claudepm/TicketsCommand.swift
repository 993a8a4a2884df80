// `claudepm tickets`: tickets of one or every project of every configured server, filtered by state.

import ArgumentParser
import ClaudePMProtocol
import ClientNetwork

struct TicketsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tickets",
        abstract: "List tickets.",
        discussion: """
            Lists the tickets of every configured server, in config order (--server NAME \
            lists one); --json adds a "server" field to each ticket. --project takes a project \
            name, id or id prefix (on each server; servers without such a project add nothing); \
            without it every project is listed. --state is one of backlog, in_progress, review, \
            done. A server that cannot be reached is named on stderr, the others are still \
            listed, and the exit status is that server's (e.g. 69).

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

    struct Row: Encodable, Sendable {
        var project: String
        var ticket: Ticket
    }

    mutating func run() async throws {
        try await reportingFailures {
            let context = try CLIContext.load(global)
            let reference = project
            let query = TicketQuery(state: state.map(TicketState.init(rawValue:)))
            let fleet = await context.askEveryServer { connection in
                try await Self.rows(connection.rest, project: reference, query: query)
            }
            if let reference, !fleet.answers.isEmpty, fleet.answers.allSatisfy({ $0.value == nil }) {
                throw CLIFailure(ClientNetworkError.noMatch(kind: "project", reference: reference))
            }
            for (server, answer) in fleet.answers {
                Console.skipped(server: server, kind: "project", answer?.skippedProjects ?? [])
                Console.skipped(server: server, kind: "ticket", answer?.skippedTickets ?? [])
            }
            let rows = fleet.records { $0?.rows ?? [] }
            guard fleet.anyAnswered else { return try fleet.finish() }
            if json {
                try Console.json(rows.map { ServerTagged(server: $0.server, record: $0.record.ticket) })
            } else {
                Console.table(
                    fleet.header(["KEY", "STATE", "PROJECT", "TITLE"]),
                    rows.map { server, row in
                        fleet.row(
                            server,
                            [
                                row.ticket.externalId ?? String(row.ticket.id.prefix(8)), row.ticket.state.rawValue,
                                row.project, row.ticket.title,
                            ])
                    })
            }
            try fleet.finish()
        }
    }

    /// One server's tickets, and the records it sent that could not be read.
    struct Answer: Sendable {
        var rows: [Row] = []
        var skippedProjects: [String]
        var skippedTickets: [String] = []
    }

    /// One server's tickets, or nil when `project` names none of its projects.
    static func rows(_ rest: RESTClient, project: String?, query: TicketQuery) async throws -> Answer? {
        let list = try await rest.projectList()
        var answer = Answer(skippedProjects: list.skipped)
        var projects = list.items
        if let project {
            let items = projects.map {
                Referable(id: $0.id, keys: [$0.name], label: "\($0.name) (\($0.id.prefix(8)))")
            }
            switch Result(catching: { () throws(ClientNetworkError) in
                try ReferenceResolver.resolve(project, in: items, kind: "project")
            }) {
            case .success(let id): projects = projects.filter { $0.id == id }
            case .failure(.noMatch): return nil
            case .failure(let error): throw error
            }
        }
        for project in projects {
            let tickets = try await rest.ticketList(projectId: project.id, query: query)
            answer.rows += tickets.items.map { Row(project: project.name, ticket: $0) }
            answer.skippedTickets += tickets.skipped.map { "\(project.name) \($0)" }
        }
        return answer
    }
}
