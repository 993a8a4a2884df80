/// `agent:removed`: an agent went away.
public struct AgentRemovedPayload: Sendable, Equatable, Codable {
    /// The agent id.
    public var id: String

    /// Memberwise initializer.
    public init(id: String) {
        self.id = id
    }
}
