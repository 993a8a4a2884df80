// A row of the `sessions` table.
import Foundation

/// A Claude session: one tmux pane in a project's tmux session.
public struct SessionRecord: Codable, Sendable, Equatable, StoredRecord {
    public static let table = "sessions"
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
    /// The host whose server owns this row (several servers may share one database).
    public var host: String = ""

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

extension SessionRecord {
    public static let columns = [
        "id", "project_id", "ticket_id", "type", "status", "source", "context_percent", "pane_id", "pane_name",
        "claude_session_id", "started_at", "ended_at", "created_at", "updated_at", "transcript_path", "host",
    ]

    /// Reads a `sessions` row.
    public init(row: StoreRow) throws {
        self.init(
            id: try row.string("id"), projectId: try row.string("project_id"),
            ticketId: row.optionalString("ticket_id"), type: try row.string("type"), status: try row.string("status"),
            source: try row.string("source"), contextPercent: row.int("context_percent"),
            paneId: try row.string("pane_id"), paneName: row.optionalString("pane_name"),
            claudeSessionId: row.optionalString("claude_session_id"), startedAt: row.optionalDate("started_at"),
            endedAt: row.optionalDate("ended_at"), createdAt: try row.date("created_at"),
            updatedAt: try row.date("updated_at"))
        transcriptPath = row.optionalString("transcript_path")
        host = try row.string("host")
    }

    public var values: [SQLValue] {
        [
            .text(id), .text(projectId), .text(ticketId), .text(type), .text(status), .text(source),
            .int(contextPercent), .text(paneId), .text(paneName), .text(claudeSessionId), .date(startedAt),
            .date(endedAt), .date(createdAt), .date(updatedAt), .text(transcriptPath), .text(host),
        ]
    }
}
