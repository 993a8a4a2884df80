// The store side of hook mapping: which of this host's sessions a hook event names (hooks come
// from Claude processes on this machine, so another host's sessions never match).
import Foundation

/// Finds the session of a hook event among this host's sessions.
struct HookMatch {
    let db: any StoreConnection
    let host: String

    /// The session id, trying the mapping order of the file header of ServerServices+Hooks.
    func session(for event: HookEvent) throws -> String? {
        if let id = event.claudepmSessionId, try first("id = ?", [.text(id)]) != nil { return id }
        if let cid = event.claudeSessionId, let s = try first("claude_session_id = ?", [.text(cid)]) {
            return s.id
        }
        return try byTranscript(event.transcriptPath)?.id ?? byCwd(event.cwd)?.id ?? onlyRunning()?.id
    }

    private func first(_ condition: String, _ args: [SQLValue], orderBy: String? = nil) throws -> SessionRecord? {
        try db.first(SessionRecord.self, where: "host = ? AND " + condition, [.text(host)] + args, orderBy: orderBy)
    }

    private var newest: String { "created_at DESC, \(db.dialect.sequence) DESC" }

    private func byTranscript(_ path: String?) throws -> SessionRecord? {
        guard let path, !path.isEmpty else { return nil }
        if let s = try first("transcript_path = ?", [.text(path)], orderBy: newest) { return s }
        let name = (path as NSString).lastPathComponent
        guard name.hasSuffix(".jsonl") else { return nil }
        let stem = String(name.dropLast(".jsonl".count))
        return try first("claude_session_id = ?", [.text(stem)], orderBy: newest)
    }

    private func byCwd(_ cwd: String?) throws -> SessionRecord? {
        guard let cwd else { return nil }
        let projects = try db.all(ProjectRecord.self, where: "host = ?", [.text(host)])
            .filter { cwd.hasPrefix($0.repoPath) }
        guard let project = projects.max(by: { $0.repoPath.count < $1.repoPath.count }) else { return nil }
        let byProject = "project_id = ?"
        return try first(
            byProject + " AND status IN ('running', 'paused')", [.text(project.id)], orderBy: "created_at DESC")
            ?? first(byProject, [.text(project.id)], orderBy: "created_at DESC")
    }

    private func onlyRunning() throws -> SessionRecord? {
        let running = try db.all(SessionRecord.self, where: "host = ? AND status = 'running'", [.text(host)])
        return running.count == 1 ? running[0] : nil
    }
}
