// A session as the list and get endpoints show it: the row plus live pane facts and the nested
// project and ticket summaries.

/// A session with its joined project and ticket and live pane facts.
public struct SessionView: Sendable, Equatable {
    public var session: SessionRecord
    public var paneCommand: String?
    public var paneCwd: String?
    /// `(id, name)` of the project.
    public var projectName: String?
    /// The ticket, if any.
    public var ticket: TicketRecord?
}

/// Parameters of a session start.
public struct StartSessionInput: Sendable, Equatable {
    public var initialPrompt: String?
    public var cwd: String?
    public var ticketId: String?

    /// Start parameters.
    public init(initialPrompt: String? = nil, cwd: String? = nil, ticketId: String? = nil) {
        self.initialPrompt = initialPrompt
        self.cwd = cwd
        self.ticketId = ticketId
    }
}
