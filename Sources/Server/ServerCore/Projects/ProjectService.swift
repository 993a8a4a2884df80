// Project CRUD over the store, with the upstream's checks (repository exists, tmux session exists,
// one project per repository) and its delete semantics (active sessions marked completed first).
import Foundation

/// Creates, reads, updates and deletes projects.
public final class ProjectService: Sendable {
    let store: Store
    let panes: any PaneDriver
    let clock: ServerClock
    let bus: EventBus

    /// A project service over `store`, checking tmux sessions through `panes`; an edited or
    /// deleted project changes the session list (`sessionsChanged` on `bus`).
    public init(store: Store, panes: any PaneDriver, clock: ServerClock, bus: EventBus) {
        self.store = store
        self.panes = panes
        self.clock = clock
        self.bus = bus
    }

    /// One page of projects, newest first.
    public func list(page: Int, limit: Int) async throws -> Page<ProjectRecord> {
        try await store.read { db in
            let total = try db.count(ProjectRecord.self)
            let items = try db.allReadable(
                ProjectRecord.self, orderBy: "created_at DESC, \(db.dialect.sequence) DESC", limit: limit,
                offset: (page - 1) * limit, reporting: self.store.unreadable)
            return Page(items: items, page: page, limit: limit, total: total)
        }
    }

    /// The project `id` or `notFound`.
    public func get(_ id: String) async throws -> ProjectRecord {
        guard let p = try await store.read({ try $0.find(ProjectRecord.self, id: id) }) else {
            throw ServerError.notFound("Project not found: \(id)")
        }
        return p
    }

    /// The project with ticket counts and its active session.
    public func detail(_ id: String) async throws -> ProjectRecordDetail {
        let project = try await get(id)
        return try await store.read { db in
            var counts = ["backlog": 0, "in_progress": 0, "review": 0, "done": 0]
            let rows = try db.rows(
                "SELECT state, COUNT(*) AS n FROM tickets WHERE project_id = ? GROUP BY state", [.text(id)])
            for row in rows { counts[try row.string("state")] = row.int("n") }
            let active = try db.first(
                SessionRecord.self, where: "project_id = ? AND status IN ('running', 'paused')", [.text(id)],
                orderBy: "created_at DESC")
            return ProjectRecordDetail(project: project, ticketCounts: counts, activeSession: active)
        }
    }

    /// Creates a project; `name`, `repoPath` and `tmuxSession` are required.
    public func create(_ input: ProjectInput) async throws -> ProjectRecord {
        let repo = input.repoPath ?? ""
        let tmux = input.tmuxSession ?? ""
        try await checkRepoAndTmux(repo: repo, tmux: tmux)
        let now = clock.now()
        let record = ProjectRecord(
            id: UUID().uuidString.lowercased(), name: input.name ?? "", repoPath: repo,
            ticketsPath: input.ticketsPath ?? "docs/jira-tickets/",
            handoffPath: input.handoffPath ?? "docs/ai-context/handoff.md", tmuxSession: tmux,
            tmuxWindow: input.tmuxWindow ?? nil, command: nil, createdAt: now, updatedAt: now, host: store.host)
        let host = store.host
        try await store.write { db in
            if try db.count(ProjectRecord.self, where: "host = ? AND repo_path = ?", [.text(host), .text(repo)])
                > 0
            {
                throw ServerError.conflict("A project already exists for repository: \(repo)")
            }
            try db.insert(record)
        }
        return record
    }

    /// Applies the non-nil fields of `input`.
    public func update(_ id: String, _ input: ProjectInput) async throws -> ProjectRecord {
        var p = try await get(id)
        if let repo = input.repoPath, repo != p.repoPath { try checkRepo(repo) }
        if let tmux = input.tmuxSession, tmux != p.tmuxSession, !(await panes.hasSession(tmux)) {
            throw ServerError.badRequest("tmux session does not exist: \(tmux)")
        }
        if let v = input.name { p.name = v }
        if let v = input.repoPath { p.repoPath = v }
        if let v = input.tmuxSession { p.tmuxSession = v }
        if let v = input.tmuxWindow { p.tmuxWindow = v }
        if let v = input.ticketsPath { p.ticketsPath = v }
        if let v = input.handoffPath { p.handoffPath = v }
        p.updatedAt = clock.now()
        let updated = p
        try await store.write { db in
            let clash = try db.count(
                ProjectRecord.self, where: "host = ? AND repo_path = ? AND id <> ?",
                [.text(updated.host), .text(updated.repoPath), .text(id)])
            if clash > 0 {
                throw ServerError.conflict("A project already exists for repository: \(updated.repoPath)")
            }
            try db.update(updated)
        }
        // Its sessions are listed under the project's name.
        bus.publish(.sessionsChanged(sessionId: nil))
        return updated
    }

    /// Deletes the project; its running or paused sessions are first marked completed (DB only).
    public func delete(_ id: String) async throws {
        _ = try await get(id)
        let now = clock.now()
        try await store.write { db in
            try db.execute(
                "UPDATE sessions SET status = 'completed', ended_at = ?, updated_at = ? "
                    + "WHERE project_id = ? AND status IN ('running', 'paused')",
                [.date(now), .date(now), .text(id)])
            try db.delete(ProjectRecord.self, id: id)
        }
        bus.publish(.sessionsChanged(sessionId: nil))
    }

    private func checkRepoAndTmux(repo: String, tmux: String) async throws {
        try checkRepo(repo)
        if !(await panes.hasSession(tmux)) {
            throw ServerError.badRequest("tmux session does not exist: \(tmux)")
        }
    }

    private func checkRepo(_ repo: String) throws {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: repo, isDirectory: &isDir), isDir.boolValue else {
            throw ServerError.badRequest("Repository path does not exist: \(repo)")
        }
    }
}
