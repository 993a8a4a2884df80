/// A ticket reference `{"id","external_id","title"}` inside a session or a notification.
/// `external_id` is `null` for ad hoc tickets and is always written, as `null` when nil.
public struct SessionTicketRef: Sendable, Equatable, Codable {
    /// Ticket UUID.
    public var id: String
    /// External id such as `"CSM-001"`; nil for ad hoc tickets.
    public var externalId: String?
    /// Ticket title.
    public var title: String

    /// Memberwise initializer.
    public init(id: String, externalId: String?, title: String) {
        self.id = id
        self.externalId = externalId
        self.title = title
    }

    enum CodingKeys: String, CodingKey {
        case id, title
        case externalId = "external_id"
    }

    /// Decodes; a missing `external_id` is treated as `null`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        externalId = try c.decodeIfPresent(String.self, forKey: .externalId)
        title = try c.decode(String.self, forKey: .title)
    }

    /// Encodes all three keys.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(externalId, forKey: .externalId)
        try c.encode(title, forKey: .title)
    }
}

/// The ticket reference inside a notification has the same shape as the one in a session.
public typealias NotificationTicketRef = SessionTicketRef
