import Foundation

/// `review:result`: the AI reviewer's verdict (broadcast).
public struct ReviewResultPayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// Ticket UUID.
    public var ticketId: String
    /// What started the review.
    public var trigger: ReviewTrigger
    /// The verdict.
    public var decision: ReviewDecision
    /// The reasoning.
    public var reasoning: String
    /// When.
    public var timestamp: Date

    /// Memberwise initializer.
    public init(
        sessionId: String, ticketId: String, trigger: ReviewTrigger, decision: ReviewDecision, reasoning: String,
        timestamp: Date
    ) {
        self.sessionId = sessionId
        self.ticketId = ticketId
        self.trigger = trigger
        self.decision = decision
        self.reasoning = reasoning
        self.timestamp = timestamp
    }
}
