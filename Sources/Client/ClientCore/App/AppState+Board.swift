// The ticket board: opening it, the project picker and the ticket actions (approve and reject
// only in review, as the apps do). Column and card moves and the prefix chips are the board's
// own reducer (`BoardState+Reduce`).

extension AppState {
    mutating func openBoard() -> [AppEffect] {
        page = .board
        zoomed = nil
        if board.project == nil, !board.projects.isEmpty { board.projectIndex = 0 }
        guard let project = board.project else {
            flash = "no projects loaded yet"
            return []
        }
        return [.network(.loadBoard(project))]
    }

    /// An action on the board page: `BoardState.reduce`, then its step.
    mutating func performBoard(_ action: AppAction) -> [AppEffect] {
        switch board.reduce(action) {
        case .done: return []
        case .leave: page = .sessions
        case .pickProject: overlay = .projectPicker(cursor: board.projectIndex ?? 0)
        case .ticket(let action): return ticketAction(action)
        }
        return []
    }

    private mutating func ticketAction(_ action: AppAction) -> [AppEffect] {
        guard let ticket = board.focusedTicket, let server = board.project?.server else { return [] }
        if let change = action.ticketChange, refuses(change, on: server) { return [] }
        switch action {
        case .open: return [.network(.loadTicketContent(server: server, ticketID: ticket.id))]
        case .startSession:
            guard ticket.state != .done, ticket.liveSession == nil else {
                flash = ticket.liveSession == nil ? "ticket is done" : "ticket already has a live session (v)"
                return []
            }
            return confirm(
                "Start a session for \(ticket.label)?", .startTicketSession(server: server, ticketID: ticket.id))
        case .approve:
            guard ticket.state == .review else { return refuse("approve works only in review") }
            return confirm("Approve \(ticket.label)?", .approveTicket(server: server, ticketID: ticket.id))
        case .reject:
            guard ticket.state == .review else { return refuse("reject works only in review") }
            overlay = .rejectFeedback(ticketID: ticket.id, text: "")
        case .moveNext, .movePrevious:
            let target = ticket.state.index + (action == .moveNext ? 1 : -1)
            guard BoardColumn.allCases.indices.contains(target) else { return [] }
            let column = BoardColumn.allCases[target]
            return confirm(
                "Move \(ticket.label) to \(column.title)?", .moveTicket(server: server, ticketID: ticket.id, to: column)
            )
        case .viewSession:
            guard let key = ticket.liveSession else { return refuse("ticket has no live session") }
            return attach(key)
        default: break
        }
        return []
    }

    /// Asks `question` first; `y` runs `effect` (approve, start and move act on the server at once
    /// and cannot be taken back from here).
    private mutating func confirm(_ question: String, _ effect: NetworkEffect) -> [AppEffect] {
        overlay = .confirmAction(question: question, effect: effect)
        return []
    }

    private mutating func refuse(_ text: String) -> [AppEffect] {
        flash = text
        return []
    }

    mutating func submitReject(ticketID: String, feedback: String) -> [AppEffect] {
        let trimmed = feedback.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, let server = board.project?.server else { return refuse("feedback is required") }
        return beginTicketAction(.rejectTicket(server: server, ticketID: ticketID, feedback: trimmed))
    }

    mutating func performProjectPicker(_ action: AppAction) -> [AppEffect] {
        guard case .projectPicker(let cursor) = overlay else { return [] }
        let count = board.projects.count
        switch action {
        case .down: overlay = .projectPicker(cursor: min(cursor + 1, max(count - 1, 0)))
        case .up: overlay = .projectPicker(cursor: max(cursor - 1, 0))
        case .open where count > 0:
            overlay = nil
            board.projectIndex = cursor
            board.tickets = []
            board.selectedPrefixes = []
            board.rows = [:]
            if let project = board.project { return [.network(.loadBoard(project))] }
        case .back: overlay = nil
        default: break
        }
        return []
    }
}
