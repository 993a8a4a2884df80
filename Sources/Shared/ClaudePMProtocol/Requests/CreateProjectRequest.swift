/// `POST /api/projects` body (snake_case). Optional keys are omitted when nil.
public struct CreateProjectRequest: Sendable, Equatable, Codable {
    /// 1–255 characters.
    public var name: String
    /// 1–500 characters; must exist.
    public var repoPath: String
    /// 1–255 characters; the tmux session must exist.
    public var tmuxSession: String
    /// At most 255 characters.
    public var tmuxWindow: String?
    /// At most 500 characters.
    public var ticketsPath: String?
    /// At most 500 characters.
    public var handoffPath: String?

    /// Memberwise initializer.
    public init(
        name: String, repoPath: String, tmuxSession: String, tmuxWindow: String? = nil,
        ticketsPath: String? = nil, handoffPath: String? = nil
    ) {
        self.name = name
        self.repoPath = repoPath
        self.tmuxSession = tmuxSession
        self.tmuxWindow = tmuxWindow
        self.ticketsPath = ticketsPath
        self.handoffPath = handoffPath
    }

    enum CodingKeys: String, CodingKey {
        case name
        case repoPath = "repo_path"
        case tmuxSession = "tmux_session"
        case tmuxWindow = "tmux_window"
        case ticketsPath = "tickets_path"
        case handoffPath = "handoff_path"
    }
}
