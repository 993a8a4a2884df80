// The requests `reduce` sends to a server, apart from the effects the runtime carries out on its
// loop (`AppEffect`): the network backend switches over every case with no `default`, so a new
// request does not compile until it is handled there.

/// A request to one server; the network backend carries it out on a task of its own and reports
/// the result as app events (`.sessionsLoaded`, `.ticketsLoaded`, `.actionFailed`, …).
public enum NetworkEffect: Hashable, Sendable {
    /// `session:input`: type `text` followed by Enter into the session.
    case sendInput(SessionKey, String)
    /// Answer a waiting session's prompt over HTTP, whose 2xx confirms it (the socket's
    /// `session:keys` has no reply): yes is `/keys` `1`, no is `/keys` `Escape` ("No, and tell
    /// Claude what to do differently"; typing `n` + Enter would pick the highlighted "Yes" in
    /// Claude Code's menu), text is `/input` (with Enter). The prompt's id goes along as
    /// `prompt`, so claudepm-server refuses a repeat; answered with `.answerEnded`.
    case answer(PromptAnswer)
    /// `GET /api/sessions` from this server, answered with `.sessionsLoaded` (the server sends no
    /// event for new or removed sessions).
    case refreshSessions(server: String)
    /// Load a project's tickets (and prefixes) for the board.
    case loadBoard(AppProject)
    /// Load a ticket's markdown content for the pager.
    case loadTicketContent(server: String, ticketID: String)
    /// `POST /api/tickets/:id/start`.
    case startTicketSession(server: String, ticketID: String)
    /// `POST /api/tickets/:id/approve`.
    case approveTicket(server: String, ticketID: String)
    /// `POST /api/tickets/:id/reject`.
    case rejectTicket(server: String, ticketID: String, feedback: String)
    /// `PATCH /api/tickets/:id` with a new state.
    case moveTicket(server: String, ticketID: String, to: BoardColumn)
    /// `DELETE /api/notifications` on this server (the user cleared all).
    case clearNotifications(server: String)
    /// `DELETE /api/notifications/:id` on this server.
    case deleteNotification(server: String, id: String)
    /// `GET /api/notifications` from this server, answered with `.notificationsLoaded`.
    case refetchNotifications(server: String)
    /// Load a session's journal summary (claudepm's extension) for rewind.
    case loadJournal(SessionKey)
    /// Load a session's screen as it stood at `atMs` (ms since the epoch).
    case loadJournalScreen(SessionKey, atMs: Int64)
    /// Rewind's search: the moments `query` came on the session's screen (`journalSearched`).
    case searchJournal(SessionKey, query: String)

    /// The server the request goes to.
    public var server: String {
        switch self {
        case .sendInput(let key, _): key.server
        case .answer(let answer): answer.session.server
        case .loadBoard(let project): project.server
        case .loadJournal(let key), .loadJournalScreen(let key, _), .searchJournal(let key, _): key.server
        case .refreshSessions(let server), .loadTicketContent(let server, _), .startTicketSession(let server, _),
            .approveTicket(let server, _), .rejectTicket(let server, _, _), .moveTicket(let server, _, _),
            .clearNotifications(let server), .deleteNotification(let server, _), .refetchNotifications(let server):
            server
        }
    }
}
