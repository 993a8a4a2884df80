/// `agent:update`: a new or changed agent (upsert by `id`).
public struct AgentUpdatePayload: Sendable, Equatable, Codable {
    /// The full agent.
    public var agent: Agent

    /// Memberwise initializer.
    public init(agent: Agent) {
        self.agent = agent
    }
}
