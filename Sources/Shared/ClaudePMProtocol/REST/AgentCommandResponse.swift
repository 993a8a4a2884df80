/// Success body of `POST /api/agents/add`, `/:id/merge` and `/:id/remove`:
/// `{"success":true,"action","workdir"?,"output":{"stdout","stderr","exit_code"}}`.
public struct AgentCommandResponse: Sendable, Equatable, Codable {
    /// Always true.
    public var success: Bool
    /// `"add"`, `"merge"` or `"remove"`.
    public var action: String
    /// The new worktree (add only); omitted when nil.
    public var workdir: String?
    /// What the workmux command printed.
    public var output: CommandOutput

    /// Memberwise initializer.
    public init(success: Bool = true, action: String, workdir: String? = nil, output: CommandOutput) {
        self.success = success
        self.action = action
        self.workdir = workdir
        self.output = output
    }
}
