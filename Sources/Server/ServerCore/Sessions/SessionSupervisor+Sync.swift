// `POST /api/sessions/sync`: checks every running session's pane; dead ones become completed.
import Foundation

/// The outcome of a session sync.
public struct SessionSyncResult: Sendable, Equatable {
    /// `(sessionId, paneId)` of sessions whose pane was gone.
    public var orphaned: [(String, String)] = []
    /// `(sessionId, paneId, paneTitle)` of sessions whose pane is alive.
    public var alive: [(String, String, String)] = []
    /// Running sessions checked.
    public var totalChecked = 0

    public static func == (a: Self, b: Self) -> Bool {
        a.totalChecked == b.totalChecked && a.orphaned.map(\.0) == b.orphaned.map(\.0)
            && a.alive.map(\.0) == b.alive.map(\.0)
    }
}

extension SessionSupervisor {
    /// Checks the running sessions (of one project, if given) against tmux.
    public func syncSessions(projectId: String?) async throws -> SessionSyncResult {
        let host = store.host
        let unreadable = store.unreadable
        let running = try await store.read { db in
            if let projectId {
                return try db.allReadable(
                    SessionRecord.self, where: "host = ? AND status = 'running' AND project_id = ?",
                    [.text(host), .text(projectId)], reporting: unreadable)
            }
            return try db.allReadable(
                SessionRecord.self, where: "host = ? AND status = 'running'", [.text(host)], reporting: unreadable)
        }
        var result = SessionSyncResult(totalChecked: running.count)
        for s in running where s.hasRealPane {
            if let pane = await panes.paneSummary(s.paneId) {
                result.alive.append((s.id, s.paneId, pane.title))
            } else {
                try await markEnded(s.id, status: "completed", publish: true)
                result.orphaned.append((s.id, s.paneId))
            }
        }
        return result
    }
}
