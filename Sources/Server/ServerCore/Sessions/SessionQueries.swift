// Read-only session queries (list, get) with the joins and ordering of the upstream server.
import Foundation
import GRDB

/// Reads sessions from the store.
public struct SessionQueries: Sendable {
    let store: Store

    /// Queries over `store`.
    public init(store: Store) { self.store = store }

    /// The session row or `notFound("Session not found: <id>")`.
    public func record(_ id: String) throws -> SessionRecord {
        guard let s = try store.db.read({ try SessionRecord.fetchOne($0, key: id) }) else {
            throw ServerError.notFound("Session not found: \(id)")
        }
        return s
    }

    /// Sessions filtered by project and status, with their project name and ticket.
    public func list(projectId: String?, status: String?) throws -> [SessionView] {
        try store.db.read { db in
            var request = SessionRecord.all()
            if let projectId { request = request.filter(Column("project_id") == projectId) }
            if let status { request = request.filter(Column("status") == status) }
            let rows = try request.order(Column("created_at").desc, Column("rowid").desc).fetchAll(db)
            // Two lookups per session made a list of 10,000 sessions take seconds: the projects and
            // tickets are read once instead.
            let projects = try Dictionary(
                ProjectRecord.fetchAll(db).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let ticketIds = Set(rows.compactMap(\.ticketId))
            let tickets = try Dictionary(
                TicketRecord.filter(keys: Array(ticketIds)).fetchAll(db).map { ($0.id, $0) },
                uniquingKeysWith: { first, _ in first })
            return rows.map { s in
                SessionView(
                    session: s, paneCommand: nil, paneCwd: nil, projectName: projects[s.projectId]?.name,
                    ticket: s.ticketId.flatMap { tickets[$0] })
            }
        }
    }

    /// One session with its project name and ticket.
    public func view(_ id: String) throws -> SessionView {
        let s = try record(id)
        return try store.db.read { try view(s, $0) }
    }

    private func view(_ s: SessionRecord, _ db: Database) throws -> SessionView {
        let project = try ProjectRecord.fetchOne(db, key: s.projectId)
        let ticket = try s.ticketId.flatMap { try TicketRecord.fetchOne(db, key: $0) }
        return SessionView(session: s, paneCommand: nil, paneCwd: nil, projectName: project?.name, ticket: ticket)
    }
}
