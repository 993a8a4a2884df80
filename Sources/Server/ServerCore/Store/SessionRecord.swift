// A row of the `sessions` table.
import Foundation
import GRDB

/// A Claude session: one tmux pane in a project's tmux session.
public struct SessionRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "sessions"
    public var id: String
    public var projectId: String
    public var ticketId: String?
    /// `ticket` or `adhoc`.
    public var type: String
    /// `running`, `paused`, `completed` or `error`.
    public var status: String
    /// `api` or `discovered`.
    public var source: String
    public var contextPercent: Int
    public var paneId: String
    public var paneName: String?
    public var claudeSessionId: String?
    public var startedAt: Date?
    public var endedAt: Date?
    public var createdAt: Date
    public var updatedAt: Date
    /// The Claude transcript file last reported by a hook for this session (not on the wire).
    public var transcriptPath: String? = nil

    enum CodingKeys: String, CodingKey {
        case id, type, status, source
        case projectId = "project_id", ticketId = "ticket_id", contextPercent = "context_percent"
        case paneId = "pane_id", paneName = "pane_name", claudeSessionId = "claude_session_id"
        case startedAt = "started_at", endedAt = "ended_at", createdAt = "created_at", updatedAt = "updated_at"
        case transcriptPath = "transcript_path"
    }

    /// True when the pane id names a real tmux pane (`%N`).
    public var hasRealPane: Bool { paneId.hasPrefix("%") }
}
