// Full-screen attach: the remote terminal fills the screen above a one-line status bar showing
// the session, READ-ONLY when its server is watched only, its server's connection and round
// trip, waiting sessions and unread notifications. In scrollback mode the view shows history
// lines and search matches instead. A pane larger than the view (the server left its window
// alone: tmux's `window-size manual`) is cropped like a tile, around the newest output and the
// cursor; a smaller one sits at the top left, and the status line offers the fit key.

import ClientCore
import TerminalScreen

/// Draws a full-screen attached session.
struct AttachView {
    let theme: Theme

    /// Draws and returns where the cursor goes (nil when hidden).
    func draw(
        _ key: SessionKey, state: AppState, screen: TerminalScreen?, mirror: TerminalScreenMirror?,
        predicted: [PredictedGlyph] = [], into frame: inout CellBuffer
    ) -> CursorPlacement? {
        let (body, status) = frame.bounds.splitBottom(frame.size.rows >= 2 ? 1 : 0)
        frame.fill(body, with: .blank)
        var cursor: CursorPlacement?
        var searchInfo = ""
        if let scroll = state.scrollback, let screen {
            searchInfo = drawScrollback(scroll, screen: screen, into: &frame, rect: body)
        } else if let mirror {
            let origin = mirror.cropOrigin(height: body.height, width: body.width)
            mirror.draw(into: &frame, rect: body, originRow: origin.row, originCol: origin.col)
            let row = body.y + mirror.cursor.row - origin.row
            let col = body.x + mirror.cursor.col - origin.col
            if mirror.cursor.visible, body.contains(row: row, col: col) { cursor = CursorPlacement(row: row, col: col) }
            if let after = drawPredicted(predicted, origin: origin, into: &frame, rect: body) { cursor = after }
        } else {
            frame.put("attaching…", row: body.y, col: body.x, style: theme.dim, clip: body)
        }
        if let stream = state.streams[key], let problem = SessionText.problem(stream) {
            drawMessage(problem, into: &frame, above: body)
        }
        if !status.isEmpty {
            frame.putLine(
                statusText(key, state: state, searchInfo: searchInfo), in: status, row: status.y, style: theme.bar)
        }
        if case .palette = state.overlay { cursor = nil }
        return cursor
    }

    /// Draws predicted characters underlined; returns the cursor after the last one.
    private func drawPredicted(
        _ glyphs: [PredictedGlyph], origin: (row: Int, col: Int), into frame: inout CellBuffer, rect: Rect
    ) -> CursorPlacement? {
        var cursor: CursorPlacement?
        for glyph in glyphs {
            let row = rect.y + glyph.row - origin.row
            let col = rect.x + glyph.col - origin.col
            guard rect.contains(row: row, col: col) else { continue }
            var style = frame[row, col].style
            style.attrs.insert(.underline)
            _ = frame.put(String(glyph.scalar), row: row, col: col, style: style, clip: rect)
            if rect.contains(row: row, col: col + 1) { cursor = CursorPlacement(row: row, col: col + 1) }
        }
        return cursor
    }

    func statusText(_ key: SessionKey, state: AppState, searchInfo: String) -> String {
        let glyphs = theme.glyphs
        var parts: [String] = []
        if let session = state.sessions[key] {
            parts.append("\(theme.glyph(session.status)) \(SessionText.title(session))")
        }
        // A read-only refusal shows in the badge's place, early enough not to be cut off.
        let refusal = state.flash.flatMap { $0.hasPrefix("read-only:") ? $0 : nil }
        if state.isReadOnly(key.server) { parts.append(refusal ?? "READ-ONLY: keys are not sent") }
        if state.scrollback != nil {
            parts.append("SCROLLBACK" + (searchInfo.isEmpty ? "" : " " + searchInfo))
            parts.append("/ search  n/N next/prev  q live")
        } else {
            parts.append("\(state.ui.detachKey) detach  S-PgUp scrollback")
        }
        if state.scrollback == nil, state.paneShownAtOwnSize(key), let pane = state.streams[key]?.paneSize {
            parts.append("pane \(pane.cols)×\(pane.rows)  \(Keymap.fitKey(detach: state.ui.detachKey)) fit")
        }
        let server = state.server(key.server)
        switch server?.link ?? .connecting {
        case .online:
            if let late = server?.lateText(now: state.now) {
                parts.append("\(key.server) \(late)")
            } else {
                parts.append("\(key.server) online" + (server?.rttMilliseconds.map { " \($0)ms" } ?? ""))
            }
        case .connecting: parts.append("\(key.server) connecting…")
        case .offline(let reason): parts.append("\(key.server) OFFLINE (\(server?.offlineText(reason) ?? reason))")
        }
        if let stream = state.streams[key] {
            if let text = SessionText.stream(stream) { parts.append(text) }
            if let late = stream.lateText(now: state.now), server?.lateText(now: state.now) == nil {
                parts.append(late)
            }
            if let pending = stream.pendingText { parts.append(pending) }
            if let lost = stream.lossText { parts.append(lost) }
        }
        let waiting = state.waitingCount(excluding: key)
        if waiting > 0 { parts.append("\(glyphs.waiting) \(waiting) waiting") }
        if state.unreadCount > 0 { parts.append("\(glyphs.bell) \(state.unreadCount) unread") }
        if let flash = state.flash, !state.isReadOnly(key.server) || flash != refusal { parts.append(flash) }
        return " " + parts.joined(separator: " │ ")
    }

    /// Draws a stream problem in full, wrapped over the bottom rows of `body` (at most three), so
    /// a reason longer than the status line (`PTY_INVALID_PANE: Session … has invalid pane ID`)
    /// is never cut off.
    private func drawMessage(_ text: String, into frame: inout CellBuffer, above body: Rect) {
        let lines = SessionText.wrap(text, width: max(body.width - 2, 1))
        let shown = Array(lines.prefix(min(3, max(body.height - 1, 0))))
        for (index, line) in shown.enumerated() {
            let row = body.maxY - shown.count + index
            frame.putLine(
                " " + line, in: Rect(x: body.x, y: row, width: body.width, height: 1), row: row, style: theme.error)
        }
    }

    /// Draws history lines; returns the search summary for the status line.
    private func drawScrollback(
        _ scroll: ScrollbackState, screen: TerminalScreen, into frame: inout CellBuffer, rect: Rect
    ) -> String {
        let total = screen.historyCount
        let height = rect.height
        var offset = min(scroll.offset, max(total - height, 0))
        var summary = scroll.editing ? "/\(scroll.query)" : ""
        var highlight: SearchMatch?
        if !scroll.query.isEmpty, !scroll.editing {
            let matches = screen.search(scroll.query)
            if matches.isEmpty {
                summary = "/\(scroll.query): no match"
            } else {
                let index = scroll.match % matches.count
                let match = matches[matches.count - 1 - index]
                highlight = match
                summary = "/\(scroll.query) (\(index + 1)/\(matches.count))"
                offset = min(max(total - match.line - height / 2 - 1, 0), max(total - height, 0))
            }
        }
        let first = max(total - height - offset, 0)
        for dy in 0..<height where first + dy < total {
            let line = screen.historyLine(first + dy)
            let row = rect.y + dy
            var col = rect.x
            for cell in line where col < rect.maxX {
                var converted = TerminalScreenMirror.convert(cell)
                if let h = highlight, h.line == first + dy, (h.column..<(h.column + h.width)).contains(col - rect.x) {
                    converted.style.attrs.formSymmetricDifference(.reverse)
                }
                if !converted.isContinuation { frame.set(converted, row: row, col: col) }
                col += 1
            }
        }
        return summary.isEmpty ? "-\(offset)" : summary
    }
}
