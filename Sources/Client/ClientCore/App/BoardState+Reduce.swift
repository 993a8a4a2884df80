// The board's own reducer: moving between columns and cards, and the prefix chips (`f`). Ticket
// actions (open, start, approve, reject, move, view) need the server, the sessions and a
// confirmation, so they are the app's (`AppState+Board`); so are leaving the board and the
// project picker.

extension BoardState {
    /// What the app does after an action on the board.
    public enum Step: Equatable, Sendable {
        /// The board changed (or the action meant nothing here); nothing more to do.
        case done
        /// Esc: back to the sessions page.
        case leave
        /// `p`: open the project picker.
        case pickProject
        /// A ticket action on the focused card, for the app.
        case ticket(AppAction)
    }

    /// Applies `action`: card and column moves, chip focus and toggles.
    public mutating func reduce(_ action: AppAction) -> Step {
        if let cursor = chipCursor { return reduceChips(action, cursor: cursor) }
        switch action {
        case .down: moveCard(by: 1)
        case .up: moveCard(by: -1)
        case .top: moveCard(by: -tickets.count)
        case .bottom: moveCard(by: tickets.count)
        case .left: column = BoardColumn.allCases[max(column.index - 1, 0)]
        case .right: column = BoardColumn.allCases[min(column.index + 1, BoardColumn.allCases.count - 1)]
        case .back: return .leave
        case .toggleChips: chipCursor = 0
        case .pickProject: return .pickProject
        default: return .ticket(action)
        }
        return .done
    }

    private mutating func moveCard(by delta: Int) {
        let count = cards(in: column).count
        guard count > 0 else { return }
        rows[column] = min(max((rows[column] ?? 0) + delta, 0), count - 1)
    }

    /// Chips: `h`/`l` move, Space/Enter toggle (the first chip is "All"), Esc/`f` leave.
    private mutating func reduceChips(_ action: AppAction, cursor: Int) -> Step {
        let chips = ["All"] + prefixes
        switch action {
        case .left: chipCursor = max(cursor - 1, 0)
        case .right: chipCursor = min(cursor + 1, chips.count - 1)
        case .open, .zoom, .toggleChip:
            if cursor == 0 {
                selectedPrefixes.removeAll()
            } else if selectedPrefixes.contains(chips[cursor]) {
                selectedPrefixes.remove(chips[cursor])
            } else {
                selectedPrefixes.insert(chips[cursor])
            }
            rows.removeAll()
        case .back, .toggleChips: chipCursor = nil
        default: break
        }
        return .done
    }
}
