// A row of the `notifications` table.
import Foundation
import GRDB

/// A persisted notification (waiting input, review events, errors).
public struct NotificationRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "notifications"
    public var id: String
    /// `review_ready`, `context_low`, `handoff_complete`, `error` or `waiting_input`.
    public var type: String
    public var message: String
    public var sessionId: String?
    public var ticketId: String?
    public var read: Bool
    public var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, type, message, read
        case sessionId = "session_id", ticketId = "ticket_id", createdAt = "created_at"
    }

    /// The title the upstream derives from the type.
    public var title: String {
        switch type {
        case "review_ready": "Ready for Review"
        case "context_low": "Context Low"
        case "handoff_complete": "Handoff Complete"
        case "error": "Error"
        default: "Input Required"
        }
    }
}
