// The ad hoc router's ticket object (create and title update): the summary plus `project_id`
// and `rejection_feedback` (always present, possibly `null`).

/// A ticket as returned by the ad hoc ticket endpoints.
public struct AdhocTicket: Sendable, Equatable, Codable {
    /// The summary fields (written flat).
    public var ticket: Ticket
    /// Owning project UUID.
    public var projectId: String
    /// Reviewer feedback from the last rejection.
    public var rejectionFeedback: String?

    /// Memberwise initializer.
    public init(ticket: Ticket, projectId: String, rejectionFeedback: String? = nil) {
        self.ticket = ticket
        self.projectId = projectId
        self.rejectionFeedback = rejectionFeedback
    }

    enum CodingKeys: String, CodingKey {
        case projectId = "project_id"
        case rejectionFeedback = "rejection_feedback"
    }

    /// Decodes the flat object.
    public init(from decoder: any Decoder) throws {
        ticket = try Ticket(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        projectId = try c.decodeIfPresent(String.self, forKey: .projectId) ?? ""
        rejectionFeedback = try c.decodeIfPresent(String.self, forKey: .rejectionFeedback)
    }

    /// Encodes the summary keys followed by `project_id` and `rejection_feedback`.
    public func encode(to encoder: any Encoder) throws {
        try ticket.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(projectId, forKey: .projectId)
        try c.encode(rejectionFeedback, forKey: .rejectionFeedback)
    }
}
