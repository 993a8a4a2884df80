// A row of the `notifications` table.
import Foundation

/// A persisted notification (waiting input, review events, errors).
public struct NotificationRecord: Codable, Sendable, Equatable, StoredRecord {
    public static let table = "notifications"
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

extension NotificationRecord {
    public static let columns = ["id", "type", "message", "session_id", "ticket_id", "read", "created_at"]

    /// Reads a `notifications` row.
    public init(row: StoreRow) throws {
        self.init(
            id: try row.string("id"), type: try row.string("type"), message: try row.string("message"),
            sessionId: row.optionalString("session_id"), ticketId: row.optionalString("ticket_id"),
            read: row.bool("read"), createdAt: try row.date("created_at"))
    }

    public var values: [SQLValue] {
        [.text(id), .text(type), .text(message), .text(sessionId), .text(ticketId), .bool(read), .date(createdAt)]
    }
}
