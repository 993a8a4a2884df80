/// Commands `reduce` asks the runtime to carry out.
public enum AppEffect: Hashable, Sendable {
    /// Open a read-only PTY stream for a tile at the configured tile size.
    case watch(SessionKey, TileSize)
    /// Close a tile's PTY stream.
    case unwatch(SessionKey)
    /// Attach interactively at the local terminal size (upgrading a tile stream if one is open).
    case attach(SessionKey, GridSize)
    /// Leave interactive attach. The stream stays open if the session is still in `watched`.
    case detach(SessionKey)
    /// Tell the remote PTY the local size changed (the runtime debounces, `ResizeDebouncer`).
    case resizeRemote(SessionKey, GridSize)
    /// Send a key to the attached remote program (the runtime encodes it with `TerminalScreen`).
    case forwardKey(SessionKey, AppKey)
    /// `session:input`: type `text` followed by Enter into the session.
    case sendInput(SessionKey, String)
    /// Answer the session's permission prompt without Enter (`session:keys`): `1` picks "Yes",
    /// Escape picks "No, and tell Claude what to do differently" (typing `n` + Enter would pick
    /// the highlighted "Yes" in Claude Code's menu).
    case answerPermission(SessionKey, allow: Bool)
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
    /// Ring the outer terminal: BEL, plus OSC 9/777 when `desktop` (see `OuterTerminalAlert`).
    case alertOuterTerminal(title: String, body: String, desktop: Bool)
    /// Show the links' statistics (`:stats`): the runtime, which counts stream bytes, builds them.
    case showStats
    /// Connect every server that is down now, not at its next scheduled try, re-reading its API
    /// key first (after a rotated key, or a 4001).
    case reconnect
    /// Stop the client as the shell's job control does (Ctrl-Z): the terminal is given back
    /// first and taken again on `fg`, then `.resumed` follows.
    case suspend
    /// Exit the client (the runtime restores the terminal).
    case quit
}

extension AppEffect {
    /// The server a network effect goes to, if it names one session or server.
    public var server: String? {
        switch self {
        case .sendInput(let key, _), .answerPermission(let key, _), .watch(let key, _), .unwatch(let key),
            .attach(let key, _), .detach(let key),
            .resizeRemote(let key, _), .forwardKey(let key, _):
            return key.server
        case .loadBoard(let project): return project.server
        case .loadTicketContent(let server, _), .startTicketSession(let server, _), .approveTicket(let server, _),
            .rejectTicket(let server, _, _), .moveTicket(let server, _, _), .clearNotifications(let server),
            .deleteNotification(let server, _), .refetchNotifications(let server), .refreshSessions(let server):
            return server
        case .alertOuterTerminal, .suspend, .quit, .reconnect, .showStats: return nil
        }
    }
}
