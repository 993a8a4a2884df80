// The ticket board: project choice, column and card navigation, prefix chips and the ticket
// actions (approve and reject only in review, as the apps do).

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

    mutating func performBoard(_ action: AppAction) -> [AppEffect] {
        if let cursor = board.chipCursor { return performChips(action, cursor: cursor) }
        switch action {
        case .down: moveCard(by: 1)
        case .up: moveCard(by: -1)
        case .top: moveCard(by: -board.tickets.count)
        case .bottom: moveCard(by: board.tickets.count)
        case .left: board.column = BoardColumn.allCases[max(board.column.index - 1, 0)]
        case .right: board.column = BoardColumn.allCases[min(board.column.index + 1, 3)]
        case .back: page = .sessions
        case .toggleChips: board.chipCursor = 0
        case .pickProject: overlay = .projectPicker(cursor: board.projectIndex ?? 0)
        default: return ticketAction(action)
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

    private mutating func moveCard(by delta: Int) {
        let count = board.cards(in: board.column).count
        guard count > 0 else { return }
        let row = board.rows[board.column] ?? 0
        board.rows[board.column] = min(max(row + delta, 0), count - 1)
    }

    /// Chips: `h`/`l` move, Space/Enter toggle (the first chip is "All"), Esc/`f` leave.
    private mutating func performChips(_ action: AppAction, cursor: Int) -> [AppEffect] {
        let chips = ["All"] + board.prefixes
        switch action {
        case .left: board.chipCursor = max(cursor - 1, 0)
        case .right: board.chipCursor = min(cursor + 1, chips.count - 1)
        case .open, .zoom, .toggleChip:
            if cursor == 0 {
                board.selectedPrefixes.removeAll()
            } else if board.selectedPrefixes.contains(chips[cursor]) {
                board.selectedPrefixes.remove(chips[cursor])
            } else {
                board.selectedPrefixes.insert(chips[cursor])
            }
            board.rows.removeAll()
        case .back, .toggleChips: board.chipCursor = nil
        default: break
        }
        return []
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
