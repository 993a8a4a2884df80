/// `{"session_id","project_id","project_name","pane_id","pane_title","command","cwd"}` of a discover
/// response. Nullable members are written as `null`.
public struct DiscoveredSession: Sendable, Equatable, Codable {
    /// New session UUID.
    public var sessionId: String
    /// Project UUID.
    public var projectId: String
    /// Project name.
    public var projectName: String
    /// tmux pane id.
    public var paneId: String
    /// Pane title.
    public var paneTitle: String?
    /// Pane command.
    public var command: String?
    /// Pane working directory.
    public var cwd: String?

    /// Memberwise initializer.
    public init(
        sessionId: String, projectId: String, projectName: String, paneId: String, paneTitle: String? = nil,
        command: String? = nil, cwd: String? = nil
    ) {
        self.sessionId = sessionId
        self.projectId = projectId
        self.projectName = projectName
        self.paneId = paneId
        self.paneTitle = paneTitle
        self.command = command
        self.cwd = cwd
    }

    enum CodingKeys: String, CodingKey {
        case command, cwd
        case sessionId = "session_id"
        case projectId = "project_id"
        case projectName = "project_name"
        case paneId = "pane_id"
        case paneTitle = "pane_title"
    }

    /// Encodes every key, nullable ones as `null`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sessionId, forKey: .sessionId)
        try c.encode(projectId, forKey: .projectId)
        try c.encode(projectName, forKey: .projectName)
        try c.encode(paneId, forKey: .paneId)
        try c.encode(paneTitle, forKey: .paneTitle)
        try c.encode(command, forKey: .command)
        try c.encode(cwd, forKey: .cwd)
    }
}
