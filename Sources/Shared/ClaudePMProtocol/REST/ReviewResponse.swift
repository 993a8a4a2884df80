import Foundation

/// `POST /api/tickets/:id/review`: `{"decision","reasoning","timestamp"}`.
public struct ReviewResponse: Sendable, Equatable, Codable {
    /// The verdict.
    public var decision: ReviewDecision
    /// The reasoning.
    public var reasoning: String
    /// When.
    public var timestamp: Date

    /// Memberwise initializer.
    public init(decision: ReviewDecision, reasoning: String, timestamp: Date) {
        self.decision = decision
        self.reasoning = reasoning
        self.timestamp = timestamp
    }
}
