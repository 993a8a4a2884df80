// `GET /api/projects/:id`: the project object flattened together with `ticket_counts` and
// `active_session`.
import Foundation

/// A project plus its ticket counts and newest running/paused session.
public struct ProjectDetail: Sendable, Equatable, Codable {
    /// The project's own fields (written flat, at the top level).
    public var project: Project
    /// Tickets per state.
    public var ticketCounts: TicketCounts
    /// The newest running or paused session, if any (`null` on the wire otherwise).
    public var activeSession: ActiveSession?

    /// Memberwise initializer.
    public init(project: Project, ticketCounts: TicketCounts, activeSession: ActiveSession?) {
        self.project = project
        self.ticketCounts = ticketCounts
        self.activeSession = activeSession
    }

    enum CodingKeys: String, CodingKey {
        case ticketCounts = "ticket_counts"
        case activeSession = "active_session"
    }

    /// Decodes the flat object.
    public init(from decoder: any Decoder) throws {
        project = try Project(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        ticketCounts = try c.decodeIfPresent(TicketCounts.self, forKey: .ticketCounts) ?? TicketCounts()
        activeSession = try c.decodeIfPresent(ActiveSession.self, forKey: .activeSession)
    }

    /// Encodes the project keys followed by `ticket_counts` and `active_session`.
    public func encode(to encoder: any Encoder) throws {
        try project.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(ticketCounts, forKey: .ticketCounts)
        try c.encode(activeSession, forKey: .activeSession)
    }
}
