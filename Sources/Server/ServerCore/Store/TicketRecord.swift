// A row of the `tickets` table.
import Foundation

/// A ticket synced from a markdown file (or an adhoc ticket).
public struct TicketRecord: Codable, Sendable, Equatable, StoredRecord {
    public static let table = "tickets"
    public var id: String
    public var projectId: String
    public var externalId: String?
    public var title: String
    public var state: String
    public var filePath: String
    public var isAdhoc: Bool
    public var isExplore: Bool
    public var rejectionFeedback: String?
    public var startedAt: Date?
    public var completedAt: Date?
    public var createdAt: Date
    public var updatedAt: Date

    enum CodingKeys: String, CodingKey {
        case id, title, state
        case projectId = "project_id", externalId = "external_id", filePath = "file_path"
        case isAdhoc = "is_adhoc", isExplore = "is_explore", rejectionFeedback = "rejection_feedback"
        case startedAt = "started_at", completedAt = "completed_at"
        case createdAt = "created_at", updatedAt = "updated_at"
    }

    /// The prefix the upstream computes: `ADHOC` for adhoc or id-less tickets, else the leading `[A-Z]+` before `-`.
    public var prefix: String {
        guard !isAdhoc, let ext = externalId else { return "ADHOC" }
        let letters = ext.prefix { $0.isASCII && $0.isUppercase }
        guard !letters.isEmpty, ext.dropFirst(letters.count).first == "-" else { return "ADHOC" }
        return String(letters)
    }

    /// True for tickets whose file disappeared (`DELETED:` external id).
    public var isDeleted: Bool { externalId?.hasPrefix("DELETED:") ?? false }
}

extension TicketRecord {
    public static let columns = [
        "id", "project_id", "external_id", "title", "state", "file_path", "is_adhoc", "is_explore",
        "rejection_feedback", "started_at", "completed_at", "created_at", "updated_at",
    ]

    /// Reads a `tickets` row.
    public init(row: StoreRow) throws {
        self.init(
            id: try row.string("id"), projectId: try row.string("project_id"),
            externalId: row.optionalString("external_id"), title: try row.string("title"),
            state: try row.string("state"), filePath: try row.string("file_path"), isAdhoc: row.bool("is_adhoc"),
            isExplore: row.bool("is_explore"), rejectionFeedback: row.optionalString("rejection_feedback"),
            startedAt: row.optionalDate("started_at"), completedAt: row.optionalDate("completed_at"),
            createdAt: try row.date("created_at"), updatedAt: try row.date("updated_at"))
    }

    public var values: [SQLValue] {
        [
            .text(id), .text(projectId), .text(externalId), .text(title), .text(state), .text(filePath), .bool(isAdhoc),
            .bool(isExplore), .text(rejectionFeedback), .date(startedAt), .date(completedAt), .date(createdAt),
            .date(updatedAt),
        ]
    }
}
