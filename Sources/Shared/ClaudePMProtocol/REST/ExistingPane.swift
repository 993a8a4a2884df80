/// `{"pane_id","session_id","command","cwd"}` of a discover response.
public struct ExistingPane: Sendable, Equatable, Codable {
    /// tmux pane id.
    public var paneId: String
    /// The session that owns it.
    public var sessionId: String
    /// Pane command.
    public var command: String?
    /// Pane working directory.
    public var cwd: String?

    /// Memberwise initializer.
    public init(paneId: String, sessionId: String, command: String? = nil, cwd: String? = nil) {
        self.paneId = paneId
        self.sessionId = sessionId
        self.command = command
        self.cwd = cwd
    }

    enum CodingKeys: String, CodingKey {
        case command, cwd
        case paneId = "pane_id"
        case sessionId = "session_id"
    }

    /// Encodes every key, nullable ones as `null`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(paneId, forKey: .paneId)
        try c.encode(sessionId, forKey: .sessionId)
        try c.encode(command, forKey: .command)
        try c.encode(cwd, forKey: .cwd)
    }
}
