// The ticket board: project title and prefix chips on top, then four columns with counts and
// cards (key, badges, live-session marker, title). The focused card and column are highlighted.

import ClientCore

/// Draws the ticket board.
struct BoardView {
    let theme: Theme

    func draw(_ state: AppState, into frame: inout CellBuffer, rect: Rect) {
        guard !rect.isEmpty else { return }
        frame.fill(rect, with: .blank)
        let board = state.board
        let (top, body) = rect.splitTop(min(2, rect.height))
        var title = board.project.map { "Board: \($0.name) (\($0.server))" } ?? "Board: no project (P picks one)"
        let server = board.project.flatMap { state.server($0.server) }
        if let server, server.isStale {
            title += " · " + (server.lateText(now: state.now) ?? "server offline") + " · data is stale"
        }
        frame.putLine(title, in: top, row: top.y, style: server?.isStale == true ? theme.error : theme.heading)
        if top.height > 1 {
            drawChips(board, into: &frame, rect: Rect(x: top.x, y: top.y + 1, width: top.width, height: 1))
        }
        guard !body.isEmpty else { return }
        let columns = BoardColumn.allCases
        for (i, column) in columns.enumerated() {
            let x0 = body.x + body.width * i / columns.count
            let x1 = body.x + body.width * (i + 1) / columns.count
            let area = Rect(x: x0, y: body.y, width: x1 - x0, height: body.height)
            drawColumn(column, board: board, into: &frame, rect: area)
        }
    }

    private func drawChips(_ board: BoardState, into frame: inout CellBuffer, rect: Rect) {
        let prefixes = board.prefixes
        guard prefixes.count > 1 || board.chipCursor != nil else { return }
        var x = frame.put("Filter: ", row: rect.y, col: rect.x, style: theme.dim, clip: rect)
        for (i, chip) in (["All"] + prefixes).enumerated() {
            let on = i == 0 ? board.selectedPrefixes.isEmpty : board.selectedPrefixes.contains(chip)
            var style: Style = on ? Style(fg: .indexed(15), bg: .indexed(25), attrs: [.bold]) : theme.dim
            if board.chipCursor == i { style.attrs.insert(.underline) }
            x = frame.put(on ? "[\(chip)]" : " \(chip) ", row: rect.y, col: x, style: style, clip: rect)
            x += 1
        }
    }

    private func drawColumn(_ column: BoardColumn, board: BoardState, into frame: inout CellBuffer, rect: Rect) {
        let cards = board.cards(in: column)
        let focused = board.column == column && board.chipCursor == nil
        let headerStyle = focused ? theme.borderSelected : theme.heading
        let inner = Rect(x: rect.x, y: rect.y, width: max(rect.width - 1, 0), height: rect.height)
        frame.putLine("\(column.title) (\(cards.count))", in: inner, row: inner.y, style: headerStyle)
        let cardHeight = 3
        let visible = max((inner.height - 1) / cardHeight, 0)
        guard visible > 0 else { return }
        if cards.isEmpty, inner.height > 1 {
            frame.put("No tickets", row: inner.y + 1, col: inner.x + 1, style: theme.dim, clip: inner)
        }
        let selectedRow = min(board.rows[column] ?? 0, max(cards.count - 1, 0))
        let start = max(0, selectedRow - visible + 1)
        for (i, card) in cards.enumerated().dropFirst(start).prefix(visible) {
            let y = inner.y + 1 + (i - start) * cardHeight
            drawCard(
                card, selected: focused && i == selectedRow, into: &frame,
                rect: Rect(x: inner.x, y: y, width: inner.width, height: 2))
        }
    }

    private func drawCard(_ ticket: AppTicket, selected: Bool, into frame: inout CellBuffer, rect: Rect) {
        let style: Style = selected ? theme.selected : .plain
        frame.fill(rect, with: .blank(style))
        var x = frame.put(ticket.key ?? "adhoc", row: rect.y, col: rect.x + 1, style: style.with(.bold), clip: rect)
        if ticket.isAdhoc {
            x = frame.put(" ADHOC", row: rect.y, col: x, style: selected ? style : Style(fg: .indexed(135)), clip: rect)
        }
        if ticket.isExplore {
            x = frame.put(
                " EXPLORE", row: rect.y, col: x, style: selected ? style : Style(fg: .indexed(63)), clip: rect)
        }
        if ticket.liveSession != nil {
            frame.put(
                " \(theme.glyphs.live) live", row: rect.y, col: x, style: selected ? style : theme.status(.running),
                clip: rect)
        }
        frame.putLine(" " + ticket.title, in: rect, row: rect.y + 1, style: style)
    }
}
