// A row of the `projects` table.
import Foundation
import GRDB

/// A project: a repository, its ticket folder and the tmux session its panes live in.
public struct ProjectRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "projects"
    public var id: String
    public var name: String
    public var repoPath: String
    public var ticketsPath: String
    public var handoffPath: String
    public var tmuxSession: String
    public var tmuxWindow: String?
    /// The command run in new panes (argv); nil means the server's default command.
    public var command: String?
    public var createdAt: Date
    public var updatedAt: Date

    enum CodingKeys: String, CodingKey {
        case id, name, command
        case repoPath = "repo_path", ticketsPath = "tickets_path", handoffPath = "handoff_path"
        case tmuxSession = "tmux_session", tmuxWindow = "tmux_window"
        case createdAt = "created_at", updatedAt = "updated_at"
    }
}
