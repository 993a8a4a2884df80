// Hook handling: map a Claude Code hook event to a session and turn Notification / Stop into
// waiting signals. Mapping order: the claudepm extension id, Claude's `session_id`, the
// `transcript_path` (remembered, or a file named `<session_id>.jsonl`), `cwd` under a project's
// repository, the only running session, then the only watched (tracked) session. A match
// remembers the hook's `session_id` and `transcript_path` on the session for later hooks.
import Foundation

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
        let host = store.host
        var found = try await store.read { db in try HookMatch(db: db, host: host).session(for: event) }
        if found == nil {
            let watched = await sessions.liveIds()
            if watched.count == 1 { found = watched[0] }
        }
        guard let id = found else { return nil }
        try await remember(event, on: id)
        return id
    }

    /// Stores the hook's Claude session id and transcript path on the session when it has none.
    private func remember(_ event: HookEvent, on id: String) async throws {
        try await store.write { db in
            guard var s = try db.find(SessionRecord.self, id: id) else { return }
            let before = s
            if s.claudeSessionId == nil, let cid = event.claudeSessionId { s.claudeSessionId = cid }
            if let path = event.transcriptPath, !path.isEmpty { s.transcriptPath = path }
            if s != before { try db.update(s) }
        }
    }
}
