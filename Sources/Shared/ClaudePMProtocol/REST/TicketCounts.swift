/// `ticket_counts` of a project detail: `{"backlog","in_progress","review","done"}`.
public struct TicketCounts: Sendable, Equatable, Codable {
    /// Tickets in backlog.
    public var backlog: Int
    /// Tickets in progress.
    public var inProgress: Int
    /// Tickets in review.
    public var review: Int
    /// Tickets done.
    public var done: Int

    /// Memberwise initializer.
    public init(backlog: Int = 0, inProgress: Int = 0, review: Int = 0, done: Int = 0) {
        self.backlog = backlog
        self.inProgress = inProgress
        self.review = review
        self.done = done
    }

    enum CodingKeys: String, CodingKey {
        case backlog
        case inProgress = "in_progress"
        case review
        case done
    }
}
