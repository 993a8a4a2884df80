// Ticket actions are idempotent from the keyboard: while one is in flight on a ticket, another on
// the same ticket is refused with a word (pressing `a`, `y` twice sent two approves, the second
// refused by the server with "Invalid transition"). A move shows at once and is rolled back when
// the server refuses it.

extension NetworkEffect {
    /// The ticket a ticket action acts on (nil for every other effect).
    public var ticketTarget: TicketTarget? {
        switch self {
        case .startTicketSession(let server, let id), .approveTicket(let server, let id),
            .rejectTicket(let server, let id, _), .moveTicket(let server, let id, _):
            return TicketTarget(server: server, ticketID: id)
        case .sendInput, .answer, .refreshSessions, .loadBoard, .loadTicketContent, .clearNotifications,
            .deleteNotification, .refetchNotifications, .loadJournal, .loadJournalScreen, .searchJournal:
            return nil
        }
    }
}

extension AppState {
    /// Sends a ticket action unless one on the same ticket is still unanswered or its server is
    /// read-only; a move is shown at once. Other requests pass through.
    mutating func beginTicketAction(_ effect: NetworkEffect) -> [AppEffect] {
        if let change = effect.change, refuses(change, on: effect.server) { return [] }
        guard let target = effect.ticketTarget else { return [.network(effect)] }
        guard board.inFlight[target] == nil else {
            flash = "\(ticketLabel(target)): the last action is still waiting for the server"
            return []
        }
        var previous: BoardColumn?
        if case .moveTicket(_, _, let column) = effect,
            let ticket = board.tickets.first(where: { $0.id == target.ticketID })
        {
            previous = ticket.state
            moveTicket(server: target.server, id: target.ticketID, to: column)
        }
        board.inFlight[target] = TicketActionInFlight(previous: previous)
        return [.network(effect)]
    }

    /// The server answered a ticket action: done, or refused with `failure` (a refused move goes
    /// back to its column).
    mutating func endTicketAction(_ target: TicketTarget, failure: String?) {
        let action = board.inFlight.removeValue(forKey: target)
        guard let failure else { return }
        if let previous = action?.previous {
            moveTicket(server: target.server, id: target.ticketID, to: previous)
            flash = "\(failure); \(ticketLabel(target)) is back in \(previous.title)"
        } else {
            flash = failure
        }
    }

    private func ticketLabel(_ target: TicketTarget) -> String {
        board.tickets.first { $0.id == target.ticketID }?.label ?? target.ticketID
    }
}
