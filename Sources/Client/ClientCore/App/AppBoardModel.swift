// Tickets and projects as the board shows them.

/// A ticket column.
public enum BoardColumn: String, Hashable, Sendable, CaseIterable {
    /// Backlog.
    case backlog
    /// In progress.
    case inProgress = "in_progress"
    /// Review.
    case review
    /// Done.
    case done

    /// The column title.
    public var title: String {
        switch self {
        case .backlog: "Backlog"
        case .inProgress: "In Progress"
        case .review: "Review"
        case .done: "Done"
        }
    }

    /// The column's position, 0–3.
    public var index: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}

/// One ticket card.
public struct AppTicket: Hashable, Sendable {
    /// The ticket id (UUID).
    public var id: String
    /// `external_id` (`CSM-001`), nil for adhoc tickets.
    public var key: String?
    /// Title.
    public var title: String
    /// State (column).
    public var state: BoardColumn
    /// The server-computed prefix (`CSM`, `ADHOC`).
    public var prefix: String
    /// ADHOC badge.
    public var isAdhoc: Bool
    /// EXPLORE badge.
    public var isExplore: Bool
    /// The running session for this ticket, if any.
    public var liveSession: SessionKey?

    /// Creates a ticket.
    public init(
        id: String, key: String?, title: String, state: BoardColumn, prefix: String, isAdhoc: Bool = false,
        isExplore: Bool = false, liveSession: SessionKey? = nil
    ) {
        self.id = id
        self.key = key
        self.title = title
        self.state = state
        self.prefix = prefix
        self.isAdhoc = isAdhoc
        self.isExplore = isExplore
        self.liveSession = liveSession
    }

    /// How questions name the ticket: its key and title (`CSM-004 "Fix login"`).
    public var label: String { key.map { "\($0) \"\(title)\"" } ?? "\"\(title)\"" }
}

/// A project on a server.
public struct AppProject: Hashable, Sendable {
    /// The server name.
    public var server: String
    /// The project id.
    public var id: String
    /// The project name.
    public var name: String

    /// Creates a project.
    public init(server: String, id: String, name: String) {
        self.server = server
        self.id = id
        self.name = name
    }
}

/// The board page's state.
public struct BoardState: Hashable, Sendable {
    /// Projects to pick from.
    public var projects: [AppProject] = []
    /// The shown project (index into `projects`).
    public var projectIndex: Int?
    /// The loaded tickets of the shown project.
    public var tickets: [AppTicket] = []
    /// Selected prefix chips; empty means "All".
    public var selectedPrefixes: Set<String> = []
    /// The focused column.
    public var column: BoardColumn = .backlog
    /// The focused card's row in each column.
    public var rows: [BoardColumn: Int] = [:]
    /// The focused chip when chips have focus (`f` toggles), nil otherwise.
    public var chipCursor: Int?
    /// The sessions' revision the tickets' live sessions were last joined at (nil: join again).
    var liveRevision: Int?
    /// Ticket actions sent and not yet answered, by ticket.
    public var inFlight: [TicketTarget: TicketActionInFlight] = [:]

    /// Creates an empty board.
    public init() {}

    /// The shown project.
    public var project: AppProject? {
        guard let projectIndex, projects.indices.contains(projectIndex) else { return nil }
        return projects[projectIndex]
    }

    /// All prefixes of the loaded tickets, sorted.
    public var prefixes: [String] { Array(Set(tickets.map(\.prefix))).sorted() }

    /// The tickets of `column` after the prefix filter, in load order.
    public func cards(in column: BoardColumn) -> [AppTicket] {
        tickets.filter { $0.state == column && (selectedPrefixes.isEmpty || selectedPrefixes.contains($0.prefix)) }
    }

    /// The focused ticket, if the focused column has any.
    public var focusedTicket: AppTicket? {
        let cards = cards(in: column)
        guard !cards.isEmpty else { return nil }
        return cards[min(rows[column] ?? 0, cards.count - 1)]
    }
}
