// The REST session object (`SessionResponse`, §2.2). All keys are always present on the wire,
// nullable ones as `null`; `project`/`ticket` exist only on list and get responses.
import Foundation

/// A session as returned by `GET /api/sessions`, `GET /api/sessions/:id` and
/// `POST /api/projects/:id/sessions`.
///
/// The create response has no `project`/`ticket` keys, while list and get always have them
/// (possibly `null`). `includesRefs` records which shape this value has: it is set on decode
/// when either key is present, and on encode it decides whether the two keys are written.
public struct Session: Sendable, Equatable, Codable {
    /// Session UUID.
    public var id: String
    /// Owning project UUID.
    public var projectId: String
    /// Ticket UUID for ticket sessions.
    public var ticketId: String?
    /// Ticket or ad hoc.
    public var type: SessionType
    /// Lifecycle status.
    public var status: SessionStatus
    /// API-started or discovered.
    public var source: SessionSource
    /// Context window usage, 0–100.
    public var contextPercent: Int
    /// tmux pane id such as `"%95"`, or the placeholder `"claude-code"` for hook-created sessions.
    public var paneId: String
    /// Name set by the rename endpoint.
    public var paneName: String?
    /// Current pane command (running sessions with a live pane only).
    public var paneCommand: String?
    /// Current pane working directory (running sessions with a live pane only).
    public var paneCwd: String?
    /// When the session started.
    public var startedAt: Date?
    /// When it completed or failed.
    public var endedAt: Date?
    /// Row creation time.
    public var createdAt: Date
    /// Last update time.
    public var updatedAt: Date
    /// `{id, name}` of the project (list/get only).
    public var project: SessionProjectRef?
    /// `{id, external_id, title}` of the ticket (list/get only).
    public var ticket: SessionTicketRef?
    /// Whether the `project`/`ticket` keys are part of this value's wire shape.
    public var includesRefs: Bool

    /// Memberwise initializer. `includesRefs` defaults to the list/get shape.
    public init(
        id: String, projectId: String, ticketId: String? = nil, type: SessionType, status: SessionStatus,
        source: SessionSource, contextPercent: Int = 0, paneId: String, paneName: String? = nil,
        paneCommand: String? = nil, paneCwd: String? = nil, startedAt: Date? = nil, endedAt: Date? = nil,
        createdAt: Date, updatedAt: Date, project: SessionProjectRef? = nil, ticket: SessionTicketRef? = nil,
        includesRefs: Bool = true
    ) {
        self.id = id
        self.projectId = projectId
        self.ticketId = ticketId
        self.type = type
        self.status = status
        self.source = source
        self.contextPercent = contextPercent
        self.paneId = paneId
        self.paneName = paneName
        self.paneCommand = paneCommand
        self.paneCwd = paneCwd
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.project = project
        self.ticket = ticket
        self.includesRefs = includesRefs
    }

    /// This session in the create-response shape (no `project`/`ticket` keys).
    public func withoutRefs() -> Session {
        var copy = self
        copy.project = nil
        copy.ticket = nil
        copy.includesRefs = false
        return copy
    }

    enum CodingKeys: String, CodingKey {
        case id, type, status, source, project, ticket
        case projectId = "project_id"
        case ticketId = "ticket_id"
        case contextPercent = "context_percent"
        case paneId = "pane_id"
        case paneName = "pane_name"
        case paneCommand = "pane_command"
        case paneCwd = "pane_cwd"
        case startedAt = "started_at"
        case endedAt = "ended_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
