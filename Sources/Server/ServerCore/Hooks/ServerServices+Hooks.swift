// Hook handling: map a Claude Code hook event to a session and turn Notification / Stop into
// waiting signals. Mapping order: the claudepm extension id, Claude's `session_id`, the
// `transcript_path` (remembered, or a file named `<session_id>.jsonl`), `cwd` under a project's
// repository, the only running session, then the only watched (tracked) session. A match
// remembers the hook's `session_id` and `transcript_path` on the session for later hooks.
import Foundation
import GRDB

extension ServerServices {
    /// Handles a hook event; returns a warning when no session matched.
    @discardableResult
    public func handleHook(_ event: HookEvent) async -> String? {
        guard let name = event.eventName else { return nil }
        guard let sessionId = try? await mapHook(event) else { return "No matching session found" }
        await sessions.hook(sessionId, HookSignal(eventName: name, notificationType: event.notificationType))
        return nil
    }

    func mapHook(_ event: HookEvent) async throws -> String? {
        var found = try await store.db.read { db in try Self.match(event, db) }
        if found == nil {
            let watched = await sessions.liveIds()
            if watched.count == 1 { found = watched[0] }
        }
        guard let id = found else { return nil }
        try await remember(event, on: id)
        return id
    }

    private static func match(_ event: HookEvent, _ db: Database) throws -> String? {
        if let id = event.claudepmSessionId, try SessionRecord.fetchOne(db, key: id) != nil { return id }
        if let cid = event.claudeSessionId,
            let s = try SessionRecord.filter(Column("claude_session_id") == cid).fetchOne(db)
        {
            return s.id
        }
        return try byTranscript(event.transcriptPath, db)?.id ?? byCwd(event.cwd, db)?.id ?? onlyRunning(db)?.id
    }

    /// Stores the hook's Claude session id and transcript path on the session when it has none.
    private func remember(_ event: HookEvent, on id: String) async throws {
        try await store.db.write { db in
            guard var s = try SessionRecord.fetchOne(db, key: id) else { return }
            let before = s
            if s.claudeSessionId == nil, let cid = event.claudeSessionId { s.claudeSessionId = cid }
            if let path = event.transcriptPath, !path.isEmpty { s.transcriptPath = path }
            if s != before { try s.update(db) }
        }
    }

    private static func byTranscript(_ path: String?, _ db: Database) throws -> SessionRecord? {
        guard let path, !path.isEmpty else { return nil }
        let newest = SessionRecord.order(Column("created_at").desc, Column("rowid").desc)
        if let s = try newest.filter(Column("transcript_path") == path).fetchOne(db) { return s }
        let name = (path as NSString).lastPathComponent
        guard name.hasSuffix(".jsonl") else { return nil }
        let stem = String(name.dropLast(".jsonl".count))
        return try newest.filter(Column("claude_session_id") == stem).fetchOne(db)
    }

    private static func byCwd(_ cwd: String?, _ db: Database) throws -> SessionRecord? {
        guard let cwd else { return nil }
        let projects = try ProjectRecord.fetchAll(db).filter { cwd.hasPrefix($0.repoPath) }
        guard let project = projects.max(by: { $0.repoPath.count < $1.repoPath.count }) else { return nil }
        let sessions = SessionRecord.filter(Column("project_id") == project.id).order(Column("created_at").desc)
        return try sessions.filter(["running", "paused"].contains(Column("status"))).fetchOne(db)
            ?? sessions.fetchOne(db)
    }

    private static func onlyRunning(_ db: Database) throws -> SessionRecord? {
        let running = try SessionRecord.filter(Column("status") == "running").fetchAll(db)
        return running.count == 1 ? running[0] : nil
    }
}
