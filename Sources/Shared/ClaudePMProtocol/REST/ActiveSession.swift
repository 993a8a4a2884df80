import Foundation

/// `active_session` of a project detail: `{"id","status","context_percent","started_at"}`.
public struct ActiveSession: Sendable, Equatable, Codable {
    /// Session UUID.
    public var id: String
    /// Running or paused.
    public var status: SessionStatus
    /// Context usage, 0–100.
    public var contextPercent: Int
    /// Start time (`null` on the wire when nil).
    public var startedAt: Date?

    /// Memberwise initializer.
    public init(id: String, status: SessionStatus, contextPercent: Int = 0, startedAt: Date?) {
        self.id = id
        self.status = status
        self.contextPercent = contextPercent
        self.startedAt = startedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, status
        case contextPercent = "context_percent"
        case startedAt = "started_at"
    }

    /// Encodes all four keys.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(status, forKey: .status)
        try c.encode(contextPercent, forKey: .contextPercent)
        try c.encode(startedAt, forKey: .startedAt)
    }
}
