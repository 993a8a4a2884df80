// One entry of `GET /api/notifications` (§2.5). `session` and `ticket` are always present,
// possibly `null`; there is no `read` field and no priority.
import Foundation

/// A stored server notification.
public struct NotificationItem: Sendable, Equatable, Codable {
    /// Notification UUID (reused by upserts).
    public var id: String
    /// The notification type.
    public var type: NotificationType
    /// Text, e.g. `"Fix login: permission_prompt"`.
    public var message: String
    /// Creation time (reset by upserts).
    public var createdAt: Date
    /// `{id, type, status}` of the session, if any.
    public var session: NotificationSessionRef?
    /// `{id, external_id, title}` of the ticket, if any.
    public var ticket: NotificationTicketRef?

    /// Memberwise initializer.
    public init(
        id: String, type: NotificationType, message: String, createdAt: Date,
        session: NotificationSessionRef? = nil, ticket: NotificationTicketRef? = nil
    ) {
        self.id = id
        self.type = type
        self.message = message
        self.createdAt = createdAt
        self.session = session
        self.ticket = ticket
    }

    enum CodingKeys: String, CodingKey {
        case id, type, message, session, ticket
        case createdAt = "created_at"
    }

    /// Encodes every key, `session`/`ticket` as `null` when nil.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(type, forKey: .type)
        try c.encode(message, forKey: .message)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(session, forKey: .session)
        try c.encode(ticket, forKey: .ticket)
    }
}
