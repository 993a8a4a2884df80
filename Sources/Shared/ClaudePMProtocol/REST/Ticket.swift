// The ticket summary object (§2.4) used by the list, PATCH, single sync and start responses.
import Foundation

/// A ticket summary. Nullable keys are always written (`external_id` is `null` for ad hoc tickets).
public struct Ticket: Sendable, Equatable, Codable {
    /// Ticket UUID.
    public var id: String
    /// `"CSM-001"`, `null` for ad hoc tickets, `"DELETED:CSM-001"` after a soft delete.
    public var externalId: String?
    /// Title.
    public var title: String
    /// Board column.
    public var state: TicketState
    /// Markdown file, relative to the repository root.
    public var filePath: String
    /// Server-computed prefix (`"ADHOC"` or the leading `[A-Z]+`).
    public var prefix: String
    /// Ad hoc ticket.
    public var isAdhoc: Bool
    /// Research-only ticket.
    public var isExplore: Bool
    /// When work started.
    public var startedAt: Date?
    /// When it reached `done`.
    public var completedAt: Date?
    /// Creation time.
    public var createdAt: Date
    /// Last update time.
    public var updatedAt: Date

    /// Memberwise initializer.
    public init(
        id: String, externalId: String?, title: String, state: TicketState, filePath: String, prefix: String,
        isAdhoc: Bool = false, isExplore: Bool = false, startedAt: Date? = nil, completedAt: Date? = nil,
        createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.externalId = externalId
        self.title = title
        self.state = state
        self.filePath = filePath
        self.prefix = prefix
        self.isAdhoc = isAdhoc
        self.isExplore = isExplore
        self.startedAt = startedAt
        self.completedAt = completedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, title, state, prefix
        case externalId = "external_id"
        case filePath = "file_path"
        case isAdhoc = "is_adhoc"
        case isExplore = "is_explore"
        case startedAt = "started_at"
        case completedAt = "completed_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// Decodes; missing flags read as false, missing nullable keys as nil, a missing `file_path` as
    /// `""` and a missing `prefix` as `"ADHOC"`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        externalId = try c.decodeIfPresent(String.self, forKey: .externalId)
        title = try c.decode(String.self, forKey: .title)
        state = try c.decode(TicketState.self, forKey: .state)
        filePath = try c.decodeIfPresent(String.self, forKey: .filePath) ?? ""
        prefix = try c.decodeIfPresent(String.self, forKey: .prefix) ?? "ADHOC"
        isAdhoc = try c.decodeIfPresent(Bool.self, forKey: .isAdhoc) ?? false
        isExplore = try c.decodeIfPresent(Bool.self, forKey: .isExplore) ?? false
        startedAt = try c.decodeIfPresent(Date.self, forKey: .startedAt)
        completedAt = try c.decodeIfPresent(Date.self, forKey: .completedAt)
        createdAt = try c.decode(Date.self, forKey: .createdAt)
        updatedAt = try c.decode(Date.self, forKey: .updatedAt)
    }

    /// Encodes every key, nullable ones as `null`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(externalId, forKey: .externalId)
        try c.encode(title, forKey: .title)
        try c.encode(state, forKey: .state)
        try c.encode(filePath, forKey: .filePath)
        try c.encode(prefix, forKey: .prefix)
        try c.encode(isAdhoc, forKey: .isAdhoc)
        try c.encode(isExplore, forKey: .isExplore)
        try c.encode(startedAt, forKey: .startedAt)
        try c.encode(completedAt, forKey: .completedAt)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
    }
}
