/// `agent:snapshot`: every agent, sent once to a new connection.
public struct AgentSnapshotPayload: Sendable, Equatable, Codable {
    /// The agents (may be empty).
    public var agents: [Agent]

    /// Memberwise initializer.
    public init(agents: [Agent]) {
        self.agents = agents
    }
}
