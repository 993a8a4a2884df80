// Read-only session queries (list, get) with the joins and ordering of the upstream server.
import Foundation

/// Reads sessions from the store.
public struct SessionQueries: Sendable {
    let store: Store

    /// Queries over `store`.
    public init(store: Store) { self.store = store }

    /// The session row or `notFound("Session not found: <id>")`. Only this host's sessions are
    /// found: another host's pane ids mean nothing to this host's tmux.
    public func record(_ id: String) async throws -> SessionRecord {
        let host = store.host
        let found = try await store.read {
            try $0.first(SessionRecord.self, where: "id = ? AND host = ?", [.text(id), .text(host)])
        }
        guard let s = found else {
            throw ServerError.notFound("Session not found: \(id)")
        }
        return s
    }

    /// This host's sessions filtered by project and status, with their project name and ticket.
    /// (Several servers may share one database: each lists the sessions of its own host.)
    public func list(projectId: String?, status: String?) async throws -> [SessionView] {
        try await store.read { db in
            var condition = "host = ?"
            var args: [SQLValue] = [.text(store.host)]
            if let projectId {
                condition += " AND project_id = ?"
                args.append(.text(projectId))
            }
            if let status {
                condition += " AND status = ?"
                args.append(.text(status))
            }
            let unreadable = store.unreadable
            let rows = try db.allReadable(
                SessionRecord.self, where: condition, args, orderBy: "created_at DESC, \(db.dialect.sequence) DESC",
                reporting: unreadable)
            // Two lookups per session made a list of 10,000 sessions take seconds: the projects and
            // tickets are read once instead.
            let projects = try Dictionary(
                db.allReadable(ProjectRecord.self, reporting: unreadable).map { ($0.id, $0) },
                uniquingKeysWith: { first, _ in first })
            let tickets = try Dictionary(
                db.allReadable(
                    TicketRecord.self, where: "id IN (SELECT ticket_id FROM sessions WHERE \(condition))", args,
                    reporting: unreadable
                ).map { ($0.id, $0) },
                uniquingKeysWith: { first, _ in first })
            return rows.map { s in
                SessionView(
                    session: s, paneCommand: nil, paneCwd: nil, projectName: projects[s.projectId]?.name,
                    ticket: s.ticketId.flatMap { tickets[$0] })
            }
        }
    }

    /// One session with its project name and ticket.
    public func view(_ id: String) async throws -> SessionView {
        let s = try await record(id)
        return try await store.read { try view(s, $0) }
    }

    private func view(_ s: SessionRecord, _ db: any StoreConnection) throws -> SessionView {
        let project = try db.find(ProjectRecord.self, id: s.projectId)
        let ticket = try s.ticketId.flatMap { try db.find(TicketRecord.self, id: $0) }
        return SessionView(session: s, paneCommand: nil, paneCwd: nil, projectName: project?.name, ticket: ticket)
    }
}
