// The REST project object (§2.3): snake_case, `tmux_window` always present (possibly `null`).
import Foundation

/// A project, as returned by the projects endpoints.
public struct Project: Sendable, Equatable, Codable {
    /// Project UUID.
    public var id: String
    /// Display name.
    public var name: String
    /// Absolute repository path.
    public var repoPath: String
    /// Ticket directory, relative to the repository (default `docs/jira-tickets/`).
    public var ticketsPath: String
    /// Handoff file, relative to the repository (default `docs/ai-context/handoff.md`).
    public var handoffPath: String
    /// tmux session name.
    public var tmuxSession: String
    /// tmux window, if pinned.
    public var tmuxWindow: String?
    /// Creation time.
    public var createdAt: Date
    /// Last update time.
    public var updatedAt: Date

    /// Memberwise initializer.
    public init(
        id: String, name: String, repoPath: String, ticketsPath: String = "docs/jira-tickets/",
        handoffPath: String = "docs/ai-context/handoff.md", tmuxSession: String, tmuxWindow: String? = nil,
        createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.name = name
        self.repoPath = repoPath
        self.ticketsPath = ticketsPath
        self.handoffPath = handoffPath
        self.tmuxSession = tmuxSession
        self.tmuxWindow = tmuxWindow
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, name
        case repoPath = "repo_path"
        case ticketsPath = "tickets_path"
        case handoffPath = "handoff_path"
        case tmuxSession = "tmux_session"
        case tmuxWindow = "tmux_window"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// Encodes every key, `tmux_window` as `null` when nil.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(repoPath, forKey: .repoPath)
        try c.encode(ticketsPath, forKey: .ticketsPath)
        try c.encode(handoffPath, forKey: .handoffPath)
        try c.encode(tmuxSession, forKey: .tmuxSession)
        try c.encode(tmuxWindow, forKey: .tmuxWindow)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
    }
}
