import Foundation

/// The session in a start response:
/// `{"id","project_id","ticket_id","type":"ticket","status":"running","pane_id","started_at","created_at"}`.
public struct StartedSession: Sendable, Equatable, Codable {
    /// Session UUID.
    public var id: String
    /// Project UUID.
    public var projectId: String
    /// Ticket UUID (`null` on the wire when nil).
    public var ticketId: String?
    /// Always `ticket` from this endpoint.
    public var type: SessionType
    /// Always `running` from this endpoint.
    public var status: SessionStatus
    /// tmux pane id.
    public var paneId: String
    /// Start time (`null` on the wire when nil).
    public var startedAt: Date?
    /// Creation time.
    public var createdAt: Date

    /// Memberwise initializer.
    public init(
        id: String, projectId: String, ticketId: String?, type: SessionType = .ticket,
        status: SessionStatus = .running, paneId: String, startedAt: Date?, createdAt: Date
    ) {
        self.id = id
        self.projectId = projectId
        self.ticketId = ticketId
        self.type = type
        self.status = status
        self.paneId = paneId
        self.startedAt = startedAt
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, type, status
        case projectId = "project_id"
        case ticketId = "ticket_id"
        case paneId = "pane_id"
        case startedAt = "started_at"
        case createdAt = "created_at"
    }

    /// Encodes every key, nullable ones as `null`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(projectId, forKey: .projectId)
        try c.encode(ticketId, forKey: .ticketId)
        try c.encode(type, forKey: .type)
        try c.encode(status, forKey: .status)
        try c.encode(paneId, forKey: .paneId)
        try c.encode(startedAt, forKey: .startedAt)
        try c.encode(createdAt, forKey: .createdAt)
    }
}
