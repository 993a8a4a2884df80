// `GET /api/tickets/:id/review-history`: camelCase `ticketId` at the top, snake_case items.
import Foundation

/// A ticket's AI review results, newest first.
public struct ReviewHistory: Sendable, Equatable, Codable {
    /// Ticket UUID (wire key `ticketId`, camelCase).
    public var ticketId: String
    /// The reviews.
    public var results: [ReviewHistoryEntry]

    /// Memberwise initializer.
    public init(ticketId: String, results: [ReviewHistoryEntry]) {
        self.ticketId = ticketId
        self.results = results
    }
}
