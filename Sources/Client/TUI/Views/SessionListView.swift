// The session list: server and project headings, then one row per session with status, title,
// waiting badge with its age, context use, pane command and data freshness. Columns drop out as
// the list narrows; the name column absorbs the rest.

import ClientCore
import Foundation

/// Draws the session list.
struct SessionListView {
    let theme: Theme

    /// Which optional columns fit in `width`.
    struct Columns {
        var ticket = false
        var waiting = 0
        var context = false
        var command = false
        var age = false

        init(width: Int) {
            waiting = width >= 50 ? 17 : width >= 30 ? 8 : 0
            age = width >= 45
            context = width >= 55
            command = width >= 75
            ticket = width >= 90
        }
    }

    func draw(_ state: AppState, into frame: inout CellBuffer, rect: Rect) {
        guard !rect.isEmpty else { return }
        frame.fill(rect, with: .blank)
        let columns = Columns(width: rect.width)
        frame.putLine(header(columns, width: rect.width), in: rect, row: rect.y, style: theme.dim.with(.underline))
        let rows = state.listWindow(height: rect.height - 1)
        if state.sessions.isEmpty {
            drawEmpty(state, into: &frame, rect: rect)
            return
        }
        for (offset, row) in rows.enumerated() {
            let y = rect.y + 1 + offset
            switch row {
            case .server(let name):
                drawServer(state.server(name), name: name, now: state.now, into: &frame, rect: rect, y: y)
            case .project(_, let name):
                frame.putLine("  " + (name.isEmpty ? "(no project)" : name), in: rect, row: y, style: theme.heading)
            case .session(let key):
                guard let session = state.sessions[key] else { continue }
                let stale = state.server(key.server)?.isStale ?? true
                drawSession(session, state: state, stale: stale, columns: columns, into: &frame, rect: rect, y: y)
            }
        }
    }

    /// No sessions yet: every server's connection state, then a hint.
    private func drawEmpty(_ state: AppState, into frame: inout CellBuffer, rect: Rect) {
        var y = rect.y + 1
        for server in state.servers where y < rect.maxY {
            drawServer(server, name: server.name, now: state.now, into: &frame, rect: rect, y: y)
            y += 1
        }
        let text = state.servers.allSatisfy { $0.link == .connecting } ? "connecting…" : "no sessions"
        if y < rect.maxY { frame.put("  " + text, row: y, col: rect.x, style: theme.dim, clip: rect) }
    }

    private func header(_ c: Columns, width: Int) -> String {
        var right = ""
        if c.ticket { right += DisplayWidth.pad("TICKET", to: 10) }
        if c.waiting > 0 { right += DisplayWidth.pad("WAITING", to: c.waiting) }
        if c.context { right += DisplayWidth.pad("CTX", to: 5) }
        if c.command { right += DisplayWidth.pad("CMD", to: 9) }
        if c.age { right += "SEEN " }
        let nameWidth = max(width - 4 - DisplayWidth.of(right), 0)
        return "    " + DisplayWidth.pad("SESSION", to: nameWidth) + right
    }

    private func drawServer(
        _ server: ServerStatus?, name: String, now: Date, into frame: inout CellBuffer, rect: Rect, y: Int
    ) {
        var text = name
        var style = theme.heading
        var onTime = false
        switch server?.link ?? .connecting {
        case .online:
            if let late = server?.lateText(now: now) {
                text += " · \(late) · data may be stale"
                style = theme.error
            } else {
                onTime = true
                text += " · online"
                if let rtt = server?.rttMilliseconds { text += " \(rtt)ms" }
            }
        case .connecting: text += " · connecting…"
        case .offline(let reason):
            text += " · OFFLINE (\(server?.offlineText(reason) ?? reason))"
            // Stale only if something was shown: with nothing ever loaded there is no data.
            if server?.lastHeard != nil { text += " · data is stale" }
            style = theme.error
        }
        // While a server is online and on time its sessions are pushed as they change: "updated"
        // only matters when what is shown may be stale (and the clock-driven redraws it needed
        // each heartbeat would wake an idle client).
        if let heard = server?.lastHeard, !onTime {
            text += " · updated \(RelativeTime.ago(heard, now: now))"
        }
        frame.putLine(text, in: rect, row: y, style: style)
    }

    private func drawSession(
        _ session: AppSession, state: AppState, stale: Bool, columns c: Columns, into frame: inout CellBuffer,
        rect: Rect,
        y: Int
    ) {
        let selected = state.selection == session.key
        let base = selected ? theme.selected : (stale ? theme.stale : .plain)
        frame.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), with: .blank(base))
        var right: [(String, Style)] = []
        if c.ticket { right.append((DisplayWidth.pad(session.ticketKey ?? "-", to: 10), base)) }
        if c.waiting > 0 {
            let full = SessionText.waiting(session, now: state.now)
            let short = session.waiting.map { RelativeTime.short(state.now.timeIntervalSince($0.since)) }
            let badge = (c.waiting >= 17 ? full : short).map { "\(theme.glyphs.waiting) \($0)" } ?? ""
            right.append((DisplayWidth.pad(badge, to: c.waiting), selected ? base : theme.waiting))
        }
        if c.context { right.append((DisplayWidth.pad(SessionText.context(session), to: 5), base)) }
        if c.command { right.append((DisplayWidth.pad(session.paneCommand ?? "-", to: 9), base)) }
        if c.age {
            let age = RelativeTime.short(state.now.timeIntervalSince(session.updatedAt))
            right.append((DisplayWidth.pad(stale ? "\(theme.glyphs.stale)\(age)" : age, to: 5), base))
        }
        let rightWidth = right.reduce(0) { $0 + DisplayWidth.of($1.0) }
        var x = frame.put(selected ? theme.glyphs.pointer + " " : "  ", row: y, col: rect.x, style: base, clip: rect)
        x = frame.put(
            theme.glyph(session.status) + " ", row: y, col: x, style: selected ? base : theme.status(session.status),
            clip: rect)
        let nameWidth = max(rect.maxX - x - rightWidth, 0)
        let name = c.ticket ? session.displayName : SessionText.title(session)
        x = frame.put(DisplayWidth.pad(name, to: nameWidth), row: y, col: x, style: base, clip: rect)
        for (text, style) in right { x = frame.put(text, row: y, col: x, style: style, clip: rect) }
    }
}
