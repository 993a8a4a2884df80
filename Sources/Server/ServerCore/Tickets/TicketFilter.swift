// The parsed ticket-list query (camelCase params upstream) and the sync result.
import Foundation

/// Filters, ordering and paging of the ticket list.
public struct TicketFilter: Sendable, Equatable {
    public var page = 1
    public var limit = 20
    public var state: String?
    public var sync = true
    public var prefixes: [String]?
    public var completedWithinDays: Int?
    public var completedAfter: Date?
    public var completedBefore: Date?
    public var updatedAfter: Date?
    public var updatedBefore: Date?
    /// `externalId`, `createdAt`, `updatedAt` or `completedAt`.
    public var orderBy = "externalId"
    /// `asc` or `desc`.
    public var orderDir = "asc"

    /// The default query.
    public init() {}
}

/// The result of a filesystem sync.
public struct TicketSyncResult: Sendable, Equatable {
    public var created = 0
    public var updated = 0
    public var deleted = 0
    public var errors: [String] = []
}

/// The ticket states in board order.
public enum TicketStates {
    /// All four states.
    public static let all = ["backlog", "in_progress", "review", "done"]

    /// True if `from → to` is allowed without force.
    public static func isValid(from: String, to: String) -> Bool {
        switch (from, to) {
        case ("backlog", "in_progress"), ("in_progress", "review"), ("review", "done"), ("review", "in_progress"):
            true
        default: false
        }
    }
}
