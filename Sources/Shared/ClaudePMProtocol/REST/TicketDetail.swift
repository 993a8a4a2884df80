// `GET /api/tickets/:id`: the ticket summary flattened with `content` and `project_id`.

/// A ticket summary plus its markdown content and project id.
public struct TicketDetail: Sendable, Equatable, Codable {
    /// The summary fields (written flat).
    public var ticket: Ticket
    /// The markdown file (`"[File not found]"` or `"[Error reading file: …]"` on failure).
    public var content: String
    /// Owning project UUID.
    public var projectId: String

    /// Memberwise initializer.
    public init(ticket: Ticket, content: String, projectId: String) {
        self.ticket = ticket
        self.content = content
        self.projectId = projectId
    }

    enum CodingKeys: String, CodingKey {
        case content
        case projectId = "project_id"
    }

    /// Decodes the flat object.
    public init(from decoder: any Decoder) throws {
        ticket = try Ticket(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        content = try c.decodeIfPresent(String.self, forKey: .content) ?? ""
        projectId = try c.decodeIfPresent(String.self, forKey: .projectId) ?? ""
    }

    /// Encodes the summary keys followed by `content` and `project_id`.
    public func encode(to encoder: any Encoder) throws {
        try ticket.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(content, forKey: .content)
        try c.encode(projectId, forKey: .projectId)
    }
}
