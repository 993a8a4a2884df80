// A row of the `projects` table.
import Foundation

/// A project: a repository, its ticket folder and the tmux session its panes live in.
public struct ProjectRecord: Codable, Sendable, Equatable, StoredRecord {
    public static let table = "projects"
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
    /// The host whose server owns this row (several servers may share one database).
    public var host: String = ""

    enum CodingKeys: String, CodingKey {
        case id, name, command
        case repoPath = "repo_path", ticketsPath = "tickets_path", handoffPath = "handoff_path"
        case tmuxSession = "tmux_session", tmuxWindow = "tmux_window"
        case createdAt = "created_at", updatedAt = "updated_at"
    }
}

extension ProjectRecord {
    public static let columns = [
        "id", "name", "repo_path", "tickets_path", "handoff_path", "tmux_session", "tmux_window", "command",
        "created_at", "updated_at", "host",
    ]

    /// Reads a `projects` row.
    public init(row: StoreRow) throws {
        self.init(
            id: try row.string("id"), name: try row.string("name"), repoPath: try row.string("repo_path"),
            ticketsPath: try row.string("tickets_path"), handoffPath: try row.string("handoff_path"),
            tmuxSession: try row.string("tmux_session"), tmuxWindow: row.optionalString("tmux_window"),
            command: row.optionalString("command"), createdAt: try row.date("created_at"),
            updatedAt: try row.date("updated_at"))
        host = try row.string("host")
    }

    public var values: [SQLValue] {
        [
            .text(id), .text(name), .text(repoPath), .text(ticketsPath), .text(handoffPath), .text(tmuxSession),
            .text(tmuxWindow), .text(command), .date(createdAt), .date(updatedAt), .text(host),
        ]
    }
}
