// `POST /api/tickets/:id/start` (HTTP 200): the ticket summary and a reduced session object.
import Foundation

/// The body of a successful ticket start.
public struct StartTicketResponse: Sendable, Equatable, Codable {
    /// The ticket after the transition.
    public var ticket: Ticket
    /// The new session.
    public var session: StartedSession

    /// Memberwise initializer.
    public init(ticket: Ticket, session: StartedSession) {
        self.ticket = ticket
        self.session = session
    }
}
