/// `{"created","updated","deleted","errors":[string]}`.
public struct SyncTicketsResult: Sendable, Equatable, Codable {
    /// Tickets created.
    public var created: Int
    /// Tickets updated.
    public var updated: Int
    /// Tickets soft-deleted.
    public var deleted: Int
    /// Per-file error texts.
    public var errors: [String]

    /// Memberwise initializer.
    public init(created: Int, updated: Int, deleted: Int, errors: [String] = []) {
        self.created = created
        self.updated = updated
        self.deleted = deleted
        self.errors = errors
    }
}
