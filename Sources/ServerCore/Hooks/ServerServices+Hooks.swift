// Hook handling: map a Claude Code hook event to a session (the claudepm extension id first, then
// the upstream order, simplified) and turn Notification / Stop into waiting signals.
import Foundation
import GRDB

extension ServerServices {
    /// Handles a hook event; returns a warning when no session matched.
    @discardableResult
    public func handleHook(_ event: HookEvent) async -> String? {
        guard let name = event.eventName else { return nil }
        guard let sessionId = try? mapHook(event) else { return "No matching session found" }
        await sessions.hook(sessionId, HookSignal(eventName: name, notificationType: event.notificationType))
        return nil
    }

    func mapHook(_ event: HookEvent) throws -> String? {
        try store.db.write { db -> String? in
            if let id = event.claudepmSessionId, try SessionRecord.fetchOne(db, key: id) != nil { return id }
            if let cid = event.claudeSessionId,
                let s = try SessionRecord.filter(Column("claude_session_id") == cid).fetchOne(db)
            {
                return s.id
            }
            guard var s = try byCwd(event.cwd, db) ?? onlyRunning(db) else { return nil }
            if s.claudeSessionId == nil, let cid = event.claudeSessionId {
                s.claudeSessionId = cid
                try s.update(db)
            }
            return s.id
        }
    }

    private func byCwd(_ cwd: String?, _ db: Database) throws -> SessionRecord? {
        guard let cwd else { return nil }
        let projects = try ProjectRecord.fetchAll(db).filter { cwd.hasPrefix($0.repoPath) }
        guard let project = projects.max(by: { $0.repoPath.count < $1.repoPath.count }) else { return nil }
        let sessions = SessionRecord.filter(Column("project_id") == project.id).order(Column("created_at").desc)
        return try sessions.filter(["running", "paused"].contains(Column("status"))).fetchOne(db)
            ?? sessions.fetchOne(db)
    }

    private func onlyRunning(_ db: Database) throws -> SessionRecord? {
        let running = try SessionRecord.filter(Column("status") == "running").fetchAll(db)
        return running.count == 1 ? running[0] : nil
    }
}
