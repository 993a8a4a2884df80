/// `POST /api/agents/:id/remove` body: `{"force"?}`.
public struct RemoveAgentRequest: Sendable, Equatable, Codable {
    /// Remove even with uncommitted changes; omitted when nil.
    public var force: Bool?

    /// Memberwise initializer.
    public init(force: Bool? = nil) {
        self.force = force
    }
}
