/// `PATCH /api/tickets/:id` body: `{"state"?}`.
public struct PatchTicketRequest: Sendable, Equatable, Codable {
    /// Target state (any state is accepted).
    public var state: TicketState?

    /// Memberwise initializer.
    public init(state: TicketState? = nil) {
        self.state = state
    }
}
