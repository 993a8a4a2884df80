/// `POST /api/agents/add` body: `{"project","name","task"?}`; `name` matches `^[A-Za-z0-9._/-]+$`.
public struct AddAgentRequest: Sendable, Equatable, Codable {
    /// Project name.
    public var project: String
    /// Worktree/agent name.
    public var name: String
    /// Task text, at most 2,000 characters; omitted when nil.
    public var task: String?

    /// Memberwise initializer.
    public init(project: String, name: String, task: String? = nil) {
        self.project = project
        self.name = name
        self.task = task
    }
}
