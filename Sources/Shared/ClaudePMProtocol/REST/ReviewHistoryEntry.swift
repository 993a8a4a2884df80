import Foundation

/// `{"id","session_id","trigger","decision","reasoning","created_at","session_status"}`.
public struct ReviewHistoryEntry: Sendable, Equatable, Codable {
    /// Review UUID.
    public var id: String
    /// Reviewed session.
    public var sessionId: String
    /// What started the review.
    public var trigger: ReviewTrigger
    /// The verdict.
    public var decision: ReviewDecision
    /// The reviewer's reasoning (`null` on the wire when nil).
    public var reasoning: String?
    /// When.
    public var createdAt: Date
    /// The session's status.
    public var sessionStatus: SessionStatus

    /// Memberwise initializer.
    public init(
        id: String, sessionId: String, trigger: ReviewTrigger, decision: ReviewDecision, reasoning: String?,
        createdAt: Date, sessionStatus: SessionStatus
    ) {
        self.id = id
        self.sessionId = sessionId
        self.trigger = trigger
        self.decision = decision
        self.reasoning = reasoning
        self.createdAt = createdAt
        self.sessionStatus = sessionStatus
    }

    enum CodingKeys: String, CodingKey {
        case id, trigger, decision, reasoning
        case sessionId = "session_id"
        case createdAt = "created_at"
        case sessionStatus = "session_status"
    }

    /// Encodes every key, `reasoning` as `null` when nil.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(sessionId, forKey: .sessionId)
        try c.encode(trigger, forKey: .trigger)
        try c.encode(decision, forKey: .decision)
        try c.encode(reasoning, forKey: .reasoning)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(sessionStatus, forKey: .sessionStatus)
    }
}
