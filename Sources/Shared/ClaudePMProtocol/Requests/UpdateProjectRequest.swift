// `PATCH /api/projects/:id` body: every key optional; `tmux_window` may be `null` to clear it.

/// A project update. Nil fields are omitted; `tmuxWindow` distinguishes absent from `null`.
public struct UpdateProjectRequest: Sendable, Equatable, Codable {
    /// New name.
    public var name: String?
    /// New repository path.
    public var repoPath: String?
    /// New tmux session.
    public var tmuxSession: String?
    /// New tmux window, `.null` to clear it, `.absent` to keep it.
    public var tmuxWindow: PatchValue<String>
    /// New tickets path.
    public var ticketsPath: String?
    /// New handoff path.
    public var handoffPath: String?

    /// Memberwise initializer.
    public init(
        name: String? = nil, repoPath: String? = nil, tmuxSession: String? = nil,
        tmuxWindow: PatchValue<String> = .absent, ticketsPath: String? = nil, handoffPath: String? = nil
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

    /// Decodes, keeping `tmux_window: null` apart from a missing key.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        repoPath = try c.decodeIfPresent(String.self, forKey: .repoPath)
        tmuxSession = try c.decodeIfPresent(String.self, forKey: .tmuxSession)
        tmuxWindow = try c.decodePatch(String.self, forKey: .tmuxWindow)
        ticketsPath = try c.decodeIfPresent(String.self, forKey: .ticketsPath)
        handoffPath = try c.decodeIfPresent(String.self, forKey: .handoffPath)
    }

    /// Encodes only the keys that are set (`tmux_window` also when `.null`).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(repoPath, forKey: .repoPath)
        try c.encodeIfPresent(tmuxSession, forKey: .tmuxSession)
        try c.encodePatch(tmuxWindow, forKey: .tmuxWindow)
        try c.encodeIfPresent(ticketsPath, forKey: .ticketsPath)
        try c.encodeIfPresent(handoffPath, forKey: .handoffPath)
    }
}
