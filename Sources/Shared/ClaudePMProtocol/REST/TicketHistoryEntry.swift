import Foundation

/// One row of `GET /api/tickets/:id/history` (`{"data":[…]}`, ascending by time).
/// `feedback` and `triggered_by` are omitted when nil.
public struct TicketHistoryEntry: Sendable, Equatable, Codable {
    /// History row UUID.
    public var id: String
    /// Ticket UUID.
    public var ticketId: String
    /// State before the transition.
    public var fromState: TicketState
    /// State after the transition.
    public var toState: TicketState
    /// Automatic or manual.
    public var trigger: TransitionTrigger
    /// Why it happened.
    public var reason: TransitionReason
    /// When it happened.
    public var createdAt: Date
    /// Rejection feedback.
    public var feedback: String?
    /// Who triggered it.
    public var triggeredBy: String?

    /// Memberwise initializer.
    public init(
        id: String, ticketId: String, fromState: TicketState, toState: TicketState, trigger: TransitionTrigger,
        reason: TransitionReason, createdAt: Date, feedback: String? = nil, triggeredBy: String? = nil
    ) {
        self.id = id
        self.ticketId = ticketId
        self.fromState = fromState
        self.toState = toState
        self.trigger = trigger
        self.reason = reason
        self.createdAt = createdAt
        self.feedback = feedback
        self.triggeredBy = triggeredBy
    }

    enum CodingKeys: String, CodingKey {
        case id
        case ticketId = "ticket_id"
        case fromState = "from_state"
        case toState = "to_state"
        case trigger
        case reason
        case createdAt = "created_at"
        case feedback
        case triggeredBy = "triggered_by"
    }
}
