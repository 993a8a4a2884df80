// A row of the `ticket_history` table: one state transition.
import Foundation
import GRDB

/// One ticket state transition.
public struct TicketHistoryRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "ticket_history"
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
