// A row of the `ticket_history` table: one state transition.
import Foundation

/// One ticket state transition.
public struct TicketHistoryRecord: Codable, Sendable, Equatable, StoredRecord {
    public static let table = "ticket_history"
    public var id: String
    public var ticketId: String
    public var fromState: String
    public var toState: String
    /// `auto` or `manual`.
    public var trigger: String
    public var reason: String
    public var feedback: String?
    public var triggeredBy: String?
    public var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, trigger, reason, feedback
        case ticketId = "ticket_id", fromState = "from_state", toState = "to_state"
        case triggeredBy = "triggered_by", createdAt = "created_at"
    }
}

extension TicketHistoryRecord {
    public static let columns = [
        "id", "ticket_id", "from_state", "to_state", "trigger", "reason", "feedback", "triggered_by", "created_at",
    ]

    /// Reads a `ticket_history` row.
    public init(row: StoreRow) throws {
        self.init(
            id: try row.string("id"), ticketId: try row.string("ticket_id"), fromState: try row.string("from_state"),
            toState: try row.string("to_state"), trigger: try row.string("trigger"), reason: try row.string("reason"),
            feedback: row.optionalString("feedback"), triggeredBy: row.optionalString("triggered_by"),
            createdAt: try row.date("created_at"))
    }

    public var values: [SQLValue] {
        [
            .text(id), .text(ticketId), .text(fromState), .text(toState), .text(trigger), .text(reason),
            .text(feedback), .text(triggeredBy), .date(createdAt),
        ]
    }
}
