// Project CRUD over the store, with the upstream's checks (repository exists, tmux session exists,
// one project per repository) and its delete semantics (active sessions marked completed first).
import Foundation
import GRDB

/// Creates, reads, updates and deletes projects.
public final class ProjectService: Sendable {
    let store: Store
    let panes: any PaneDriver
    let clock: ServerClock

    /// A project service over `store`, checking tmux sessions through `panes`.
    public init(store: Store, panes: any PaneDriver, clock: ServerClock) {
        self.store = store
        self.panes = panes
        self.clock = clock
    }

    /// One page of projects, newest first.
    public func list(page: Int, limit: Int) throws -> Page<ProjectRecord> {
        try store.db.read { db in
            let total = try ProjectRecord.fetchCount(db)
            let items = try ProjectRecord.order(Column("created_at").desc, Column("rowid").desc)
                .limit(limit, offset: (page - 1) * limit).fetchAll(db)
            return Page(items: items, page: page, limit: limit, total: total)
        }
    }

    /// The project `id` or `notFound`.
    public func get(_ id: String) throws -> ProjectRecord {
        guard let p = try store.db.read({ try ProjectRecord.fetchOne($0, key: id) }) else {
            throw ServerError.notFound("Project not found: \(id)")
        }
        return p
    }

    /// The project with ticket counts and its active session.
    public func detail(_ id: String) throws -> ProjectDetail {
        let project = try get(id)
        return try store.db.read { db in
            var counts = ["backlog": 0, "in_progress": 0, "review": 0, "done": 0]
            let rows = try Row.fetchAll(
                db, sql: "SELECT state, COUNT(*) AS n FROM tickets WHERE project_id = ? GROUP BY state",
                arguments: [id])
            for row in rows { counts[row["state"] as String] = row["n"] as Int }
            let active = try SessionRecord.filter(Column("project_id") == id)
                .filter(["running", "paused"].contains(Column("status")))
                .order(Column("created_at").desc).fetchOne(db)
            return ProjectDetail(project: project, ticketCounts: counts, activeSession: active)
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
            tmuxWindow: input.tmuxWindow ?? nil, command: nil, createdAt: now, updatedAt: now)
        try await store.db.write { db in
            if try ProjectRecord.filter(Column("repo_path") == repo).fetchCount(db) > 0 {
                throw ServerError.conflict("A project already exists for repository: \(repo)")
            }
            try record.insert(db)
        }
        return record
    }

    /// Applies the non-nil fields of `input`.
    public func update(_ id: String, _ input: ProjectInput) async throws -> ProjectRecord {
        var p = try get(id)
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
        try await store.db.write { db in
            if try ProjectRecord.filter(Column("repo_path") == updated.repoPath && Column("id") != id)
                .fetchCount(db) > 0
            {
                throw ServerError.conflict("A project already exists for repository: \(updated.repoPath)")
            }
            try updated.update(db)
        }
        return updated
    }

    /// Deletes the project; its running or paused sessions are first marked completed (DB only).
    public func delete(_ id: String) throws {
        _ = try get(id)
        let now = clock.now()
        try store.db.write { db in
            try SessionRecord.filter(Column("project_id") == id)
                .filter(["running", "paused"].contains(Column("status")))
                .updateAll(
                    db, Column("status").set(to: "completed"), Column("ended_at").set(to: now),
                    Column("updated_at").set(to: now))
            _ = try ProjectRecord.deleteOne(db, key: id)
        }
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
