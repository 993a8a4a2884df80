import Foundation

/// `ticket:state`: a ticket changed column (broadcast).
public struct TicketStatePayload: Sendable, Equatable, Codable {
    /// Ticket UUID.
    public var ticketId: String
    /// State before.
    public var previousState: TicketState
    /// State after.
    public var newState: TicketState
    /// Automatic or manual.
    public var trigger: TransitionTrigger
    /// Why.
    public var reason: TransitionReason
    /// When.
    public var timestamp: Date
    /// Rejection feedback; omitted when nil.
    public var feedback: String?
    /// Who; omitted when nil.
    public var triggeredBy: String?

    /// Memberwise initializer.
    public init(
        ticketId: String, previousState: TicketState, newState: TicketState, trigger: TransitionTrigger,
        reason: TransitionReason, timestamp: Date, feedback: String? = nil, triggeredBy: String? = nil
    ) {
        self.ticketId = ticketId
        self.previousState = previousState
        self.newState = newState
        self.trigger = trigger
        self.reason = reason
        self.timestamp = timestamp
        self.feedback = feedback
        self.triggeredBy = triggeredBy
    }
}
