/// `POST /api/projects/:id/sessions` body: `{"initial_prompt"?,"cwd"?,"ticket_id"?}`.
public struct StartSessionRequest: Sendable, Equatable, Codable {
    /// 1–10,000 characters.
    public var initialPrompt: String?
    /// At most 500 characters.
    public var cwd: String?
    /// A ticket UUID makes this a ticket session.
    public var ticketId: String?

    /// Memberwise initializer.
    public init(initialPrompt: String? = nil, cwd: String? = nil, ticketId: String? = nil) {
        self.initialPrompt = initialPrompt
        self.cwd = cwd
        self.ticketId = ticketId
    }

    enum CodingKeys: String, CodingKey {
        case initialPrompt = "initial_prompt"
        case cwd
        case ticketId = "ticket_id"
    }
}
