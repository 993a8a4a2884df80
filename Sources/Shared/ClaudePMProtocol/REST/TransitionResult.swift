import Foundation

/// The result of `POST /api/tickets/:id/approve` and `/reject`.
public struct TransitionResult: Sendable, Equatable, Codable {
    /// Ticket UUID.
    public var ticketId: String
    /// State before.
    public var fromState: TicketState
    /// State after.
    public var toState: TicketState
    /// Automatic or manual.
    public var trigger: TransitionTrigger
    /// Why.
    public var reason: TransitionReason
    /// When.
    public var timestamp: Date
    /// The history row written for this transition.
    public var historyEntryId: String

    /// Memberwise initializer.
    public init(
        ticketId: String, fromState: TicketState, toState: TicketState, trigger: TransitionTrigger,
        reason: TransitionReason, timestamp: Date, historyEntryId: String
    ) {
        self.ticketId = ticketId
        self.fromState = fromState
        self.toState = toState
        self.trigger = trigger
        self.reason = reason
        self.timestamp = timestamp
        self.historyEntryId = historyEntryId
    }

    enum CodingKeys: String, CodingKey {
        case ticketId = "ticket_id"
        case fromState = "from_state"
        case toState = "to_state"
        case trigger
        case reason
        case timestamp
        case historyEntryId = "history_entry_id"
    }
}
