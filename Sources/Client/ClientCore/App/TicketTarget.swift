// The ticket a ticket action (start, approve, reject, move) acts on: the key of the board's
// in-flight guard.

/// One ticket on one server.
public struct TicketTarget: Hashable, Sendable {
    /// The server's name.
    public var server: String
    /// The ticket's id on that server.
    public var ticketID: String

    /// Creates a target.
    public init(server: String, ticketID: String) {
        self.server = server
        self.ticketID = ticketID
    }
}
