/// `GET /api/agents`: `{"agents":[…]}`.
public struct AgentList: Sendable, Equatable, Codable {
    /// The agents.
    public var agents: [Agent]

    /// Memberwise initializer.
    public init(agents: [Agent]) {
        self.agents = agents
    }
}
