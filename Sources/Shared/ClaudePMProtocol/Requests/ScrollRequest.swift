/// `POST /api/sessions/:id/scroll` body: `{"action"}`.
public struct ScrollRequest: Sendable, Equatable, Codable {
    /// `up`, `down`, `enter` or `exit`.
    public var action: ScrollAction

    /// Memberwise initializer.
    public init(action: ScrollAction) {
        self.action = action
    }
}
