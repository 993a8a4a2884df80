/// `GET`/`PUT /api/tickets/:id/content`: `{"ticket_id","file_path","content"}`.
public struct TicketContent: Sendable, Equatable, Codable {
    /// Ticket UUID.
    public var ticketId: String
    /// Markdown file, relative to the repository.
    public var filePath: String
    /// The markdown text.
    public var content: String

    /// Memberwise initializer.
    public init(ticketId: String, filePath: String, content: String) {
        self.ticketId = ticketId
        self.filePath = filePath
        self.content = content
    }

    enum CodingKeys: String, CodingKey {
        case ticketId = "ticket_id"
        case filePath = "file_path"
        case content
    }
}
