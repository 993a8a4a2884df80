/// A workmux agent (camelCase on every surface: `GET /api/agents` and the `agent:*` messages).
public struct Agent: Sendable, Equatable, Codable {
    /// `"<backend>:<instance>:<pane_id>"`.
    public var id: String
    /// Worktree name.
    public var worktree: String
    /// Project name.
    public var project: String
    /// Passed through from workmux.
    public var status: AgentStatus
    /// Title with spinner glyphs stripped.
    public var title: String
    /// Working directory.
    public var workdir: String
    /// Status time in epoch seconds (0 if unknown).
    public var statusTs: Double
    /// Update time in epoch seconds.
    public var updatedTs: Double

    /// Memberwise initializer.
    public init(
        id: String, worktree: String, project: String, status: AgentStatus, title: String, workdir: String,
        statusTs: Double = 0, updatedTs: Double = 0
    ) {
        self.id = id
        self.worktree = worktree
        self.project = project
        self.status = status
        self.title = title
        self.workdir = workdir
        self.statusTs = statusTs
        self.updatedTs = updatedTs
    }

    enum CodingKeys: String, CodingKey {
        case id, worktree, project, status, title, workdir, statusTs, updatedTs
    }

    /// Decodes tolerantly: only `id` is required; missing strings become empty, numbers 0.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        worktree = try c.decodeIfPresent(String.self, forKey: .worktree) ?? ""
        project = try c.decodeIfPresent(String.self, forKey: .project) ?? ""
        status = try c.decodeIfPresent(AgentStatus.self, forKey: .status) ?? .other("")
        title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
        workdir = try c.decodeIfPresent(String.self, forKey: .workdir) ?? ""
        statusTs = try c.decodeIfPresent(Double.self, forKey: .statusTs) ?? 0
        updatedTs = try c.decodeIfPresent(Double.self, forKey: .updatedTs) ?? 0
    }
}
