// Tickets: sync from markdown files, list with the upstream filters and ordering, prefixes,
// details with content, adhoc creation and history. Transitions live in TicketService+Transitions.
import Foundation

/// Reads and syncs tickets.
public final class TicketService: Sendable {
    let store: Store
    let bus: EventBus
    let notifications: NotificationService
    let clock: ServerClock

    /// A ticket service.
    public init(store: Store, bus: EventBus, notifications: NotificationService, clock: ServerClock) {
        self.store = store
        self.bus = bus
        self.notifications = notifications
        self.clock = clock
    }

    func project(_ id: String) async throws -> ProjectRecord {
        guard let p = try await store.read({ try $0.find(ProjectRecord.self, id: id) }) else {
            throw ServerError.notFound("Project not found: \(id)")
        }
        return p
    }

    /// The project `id` if its repository is on this host, else `conflict`: several servers may
    /// share one database, and a project's ticket files are served by the server of its host.
    func localProject(_ id: String) async throws -> ProjectRecord {
        let p = try await project(id)
        guard p.host == store.host else {
            throw ServerError.conflict(
                "Project '\(p.name)' lives on host \(p.host): its ticket files are served by that host's server")
        }
        return p
    }

    /// The ticket or `notFound("Ticket not found: <id>")`.
    public func get(_ id: String) async throws -> TicketRecord {
        guard let t = try await store.read({ try $0.find(TicketRecord.self, id: id) }) else {
            throw ServerError.notFound("Ticket not found: \(id)")
        }
        return t
    }

    /// The ticket's markdown content ("" when its project's files are on another host).
    public func content(_ ticket: TicketRecord) async throws -> String {
        let p = try await project(ticket.projectId)
        guard p.host == store.host else { return "" }
        return TicketFiles(repoPath: p.repoPath).content(ticket.filePath)
    }

    /// Rescans the project's ticket folder: new files create tickets, changed titles update, missing files soft-delete.
    @discardableResult
    public func sync(projectId: String) async throws -> TicketSyncResult {
        let p = try await localProject(projectId)
        let files: [TicketFile]
        do { files = try TicketFiles(repoPath: p.repoPath).scan(ticketsPath: p.ticketsPath) } catch {
            var result = TicketSyncResult()
            result.errors.append("\(error)")
            return result
        }
        let now = clock.now()
        let result = try await store.write { db -> TicketSyncResult in
            var result = TicketSyncResult()
            let synced: [SQLValue] = [.text(projectId), .bool(false)]
            let existing = try db.allReadable(
                TicketRecord.self, where: "project_id = ? AND is_adhoc = ?", synced, reporting: self.store.unreadable)
            var byExt = Dictionary(existing.compactMap { t in t.externalId.map { ($0, t) } }) { a, _ in a }
            // A row that cannot be read still owns its file: it is neither added again nor touched.
            let owned = Set(
                try db.rows("SELECT external_id FROM tickets WHERE project_id = ? AND is_adhoc = ?", synced)
                    .compactMap { $0.optionalString("external_id") })
            for f in files {
                if var t = byExt.removeValue(forKey: f.externalId) {
                    guard t.title != f.title || t.filePath != f.relativePath else { continue }
                    t.title = f.title
                    t.filePath = f.relativePath
                    t.updatedAt = now
                    try db.update(t)
                    result.updated += 1
                } else if !owned.contains(f.externalId) {
                    try db.insert(Self.newTicket(projectId, f, now))
                    result.created += 1
                }
            }
            for var t in byExt.values where !t.isDeleted {
                t.externalId = "DELETED:\(t.externalId ?? "")"
                t.updatedAt = now
                try db.update(t)
                result.deleted += 1
            }
            return result
        }
        // Sessions are listed with their ticket's title and key.
        if result.updated + result.deleted > 0 { bus.publish(.sessionsChanged(sessionId: nil)) }
        return result
    }

    static func newTicket(_ projectId: String, _ f: TicketFile, _ now: Date) -> TicketRecord {
        TicketRecord(
            id: UUID().uuidString.lowercased(), projectId: projectId, externalId: f.externalId, title: f.title,
            state: "backlog", filePath: f.relativePath, isAdhoc: false, isExplore: false, rejectionFeedback: nil,
            startedAt: nil, completedAt: nil, createdAt: now, updatedAt: now)
    }

    /// One page of the project's tickets.
    public func list(projectId: String, query: TicketFilter) async throws -> Page<TicketRecord> {
        let p = try await project(projectId)
        // Another host's files are not here: syncing would soft-delete every ticket.
        if query.sync, p.host == store.host { try await sync(projectId: projectId) }
        let now = clock.now()
        return try await store.read { db in
            let request = TicketListRequest(projectId: projectId, query: query, now: now)
            let (condition, arguments) = request.condition()
            let total = try db.count(TicketRecord.self, where: condition, arguments)
            let items = try db.allReadable(
                TicketRecord.self, where: condition, arguments, orderBy: request.ordering(db.dialect),
                limit: query.limit, offset: (query.page - 1) * query.limit, reporting: self.store.unreadable)
            return Page(items: items, page: query.page, limit: query.limit, total: total)
        }
    }

    /// The sorted unique prefixes of the project's live tickets.
    public func prefixes(projectId: String) async throws -> [String] {
        _ = try await project(projectId)
        let tickets = try await store.read {
            try $0.allReadable(
                TicketRecord.self, where: "project_id = ?", [.text(projectId)], reporting: self.store.unreadable)
        }
        return Set(tickets.filter { !$0.isDeleted }.map(\.prefix)).sorted()
    }

    /// The ticket's transitions, oldest first.
    public func history(_ id: String) async throws -> [TicketHistoryRecord] {
        _ = try await get(id)
        return try await store.read { db in
            try db.allReadable(
                TicketHistoryRecord.self, where: "ticket_id = ?", [.text(id)],
                orderBy: "created_at, \(db.dialect.sequence)", reporting: self.store.unreadable)
        }
    }

    /// Creates an adhoc ticket file `<tickets_path>/adhoc/<slug>.md` and its row.
    public func createAdhoc(
        projectId: String, title: String, slug: String, isExplore: Bool
    ) async throws -> TicketRecord {
        let p = try await localProject(projectId)
        let base = p.ticketsPath.hasSuffix("/") ? p.ticketsPath : p.ticketsPath + "/"
        let rel = "\(base)adhoc/\(slug).md"
        let exists = try await store.read {
            try $0.count(TicketRecord.self, where: "project_id = ? AND file_path = ?", [.text(projectId), .text(rel)])
        }
        if exists > 0 { throw Self.slugTaken(slug, projectId) }
        do { try TicketFiles(repoPath: p.repoPath).create(rel, content: "# \(title)\n\n") } catch ServerError
            .conflict
        { throw Self.slugTaken(slug, projectId) }
        let now = clock.now()
        let t = TicketRecord(
            id: UUID().uuidString.lowercased(), projectId: projectId, externalId: nil, title: title,
            state: "backlog", filePath: rel, isAdhoc: true, isExplore: isExplore, rejectionFeedback: nil,
            startedAt: nil, completedAt: nil, createdAt: now, updatedAt: now)
        try await store.write { try $0.insert(t) }
        return t
    }
}
