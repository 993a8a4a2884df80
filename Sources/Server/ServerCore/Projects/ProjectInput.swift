// Validated inputs of the project endpoints (the HTTP layer checks types and lengths).

/// Fields of a project create or patch. For a patch, nil means "leave unchanged".
public struct ProjectInput: Sendable, Equatable {
    public var name: String?
    public var repoPath: String?
    public var tmuxSession: String?
    /// `.some(nil)` clears the window on patch.
    public var tmuxWindow: String??
    public var ticketsPath: String?
    public var handoffPath: String?

    /// Project fields.
    public init(
        name: String? = nil, repoPath: String? = nil, tmuxSession: String? = nil, tmuxWindow: String?? = nil,
        ticketsPath: String? = nil, handoffPath: String? = nil
    ) {
        self.name = name
        self.repoPath = repoPath
        self.tmuxSession = tmuxSession
        self.tmuxWindow = tmuxWindow
        self.ticketsPath = ticketsPath
        self.handoffPath = handoffPath
    }
}

/// A project with the extra fields of `GET /api/projects/:id`.
public struct ProjectRecordDetail: Sendable, Equatable {
    public var project: ProjectRecord
    /// Ticket counts for backlog, in_progress, review, done.
    public var ticketCounts: [String: Int]
    /// The newest running or paused session.
    public var activeSession: SessionRecord?
}

/// One page of a list.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    public var page: Int
    public var limit: Int
    public var total: Int
    /// `ceil(total / limit)`, 0 when empty.
    public var totalPages: Int { limit > 0 ? (total + limit - 1) / limit : 0 }
}
