// A ticket action sent and not yet answered: a second action on the same ticket waits for it, and
// a refused move puts the card back where it was.

/// What the board remembers about an unanswered ticket action.
public struct TicketActionInFlight: Hashable, Sendable {
    /// For a move, the column the card left (shown moved at once); nil for other actions.
    public var previous: BoardColumn?

    /// Creates a record.
    public init(previous: BoardColumn?) {
        self.previous = previous
    }
}
