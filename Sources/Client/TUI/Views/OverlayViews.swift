// Panels drawn over the current page: banner, notification list, help, quit confirmation,
// reject feedback, pager and project picker.

import ClientCore
import Foundation

/// Draws overlays.
struct OverlayViews {
    let theme: Theme

    func banner(_ banner: Banner, state: AppState, into frame: inout CellBuffer, row: Int) {
        let item = banner.notification
        let style = theme.banner(item.priority)
        // The key hints, fullest first: the first that fits beside the text is shown.
        var offers: [String]
        if state.attachedSession != nil {
            let jump = Keymap.jumpKey(detach: state.ui.detachKey)
            offers = state.bannerJumpTarget == nil ? [] : ["\(jump) jump there"]
        } else {
            var answer = ""
            if !state.bannerIsFresh, let key = item.sessionKey, let waiting = state.sessions[key]?.waiting {
                // y/n are offered once the banner has been up unchanged for the answer grace.
                answer = waiting.isPermissionPrompt ? "y/n answer · " : "y/n reply · "
            }
            // R (rewind to when it fired) is left out first.
            offers = [answer + "o open · d dismiss"]
            if item.sessionKey != nil { offers.insert(answer + "o open · R rewind · d dismiss", at: 0) }
        }
        let more = banner.moreCount > 0 ? " (+\(banner.moreCount) more)" : ""
        let server = SessionText.serverPrefix(item.key.server, in: state)
        let text = " \(theme.glyphs.bell) \(server)\(item.title): \(item.body)\(more)"
        let line = Rect(x: 0, y: row, width: frame.size.cols, height: 1)
        frame.putLine(text, in: line, row: row, style: style)
        let textWidth = DisplayWidth.of(text)
        if let hints = offers.first(where: { frame.size.cols >= textWidth + DisplayWidth.of($0) + 2 }) {
            let hintWidth = DisplayWidth.of(hints) + 2
            frame.put(hints + " ", row: row, col: frame.size.cols - hintWidth + 1, style: style, clip: line)
        }
    }

    func notifications(_ state: AppState, cursor: Int, into frame: inout CellBuffer) {
        let items = state.notifications.items
        let area = panel(in: frame.bounds, width: 76, height: items.count + 4)
        guard area.width >= 4, area.height >= 3 else { return }
        frame.fill(area, with: .blank)
        frame.box(area, title: "Notifications (\(state.unreadCount) unread)", style: theme.border, glyphs: theme.glyphs)
        let inner = area.inset(by: 1)
        let listHeight = max(inner.height - 1, 0)
        if items.isEmpty {
            frame.put("no notifications", row: inner.y, col: inner.x + 1, style: theme.dim, clip: inner)
        }
        let start = max(0, cursor - listHeight + 1)
        for (i, item) in items.enumerated().dropFirst(start).prefix(listHeight) {
            let dot = item.isRead ? " " : theme.glyphs.unread
            let when = DisplayWidth.pad(RelativeTime.ago(item.createdAt, now: state.now), to: 9)
            let style = i == cursor ? theme.selected : (item.isRead ? theme.dim : .plain)
            frame.putLine(
                "\(dot) \(when) \(item.title) — \(item.body)", in: inner, row: inner.y + i - start, style: style)
        }
        frame.putLine(
            "Enter open  r read  R all read  C clear all  Esc close", in: inner, row: inner.maxY - 1, style: theme.dim)
    }

    /// The `?` overlay, its lines from `offset` on; signs on the border say what is above and
    /// below when they do not all fit.
    func help(_ state: AppState, offset: Int, into frame: inout CellBuffer) {
        var lines: [(String, Bool)] = []
        // Labels in a column of their own where the panel is wide; on a narrow screen each help
        // text follows its label, so some of it shows.
        let aligned = frame.size.cols >= 64
        for view in state.helpKeyViewsShown {
            lines.append((view.title, true))
            for binding in Keymap.bindings(view, detach: state.ui.detachKey) {
                let label = aligned ? DisplayWidth.pad(binding.label, to: 16) : binding.label
                lines.append(("  " + label + " " + binding.help, false))
            }
        }
        let area = panel(in: frame.bounds, width: 72, height: lines.count + 3)
        guard area.width >= 4, area.height >= 3 else { return }
        let visible = AppState.helpVisibleRows(lines: lines.count, size: frame.size)
        let start = min(max(offset, 0), max(lines.count - visible, 0))
        let scrolls = visible < lines.count
        frame.fill(area, with: .blank)
        let title = scrolls ? "Keys (j/k scroll, other keys close)" : "Keys (any key closes)"
        frame.box(area, title: title, style: theme.border, glyphs: theme.glyphs)
        let inner = area.inset(by: 1)
        for (i, line) in lines.dropFirst(start).prefix(visible).enumerated() {
            frame.putLine(line.0, in: inner, row: inner.y + i, style: line.1 ? theme.heading : .plain)
        }
        let below = lines.count - start - visible
        if start > 0 { borderSign("↑ \(start) above", row: area.y, in: area, into: &frame) }
        if below > 0 { borderSign("↓ \(below) more · j/k PgDn", row: area.maxY - 1, in: area, into: &frame) }
    }

    /// A sign on a panel's border, at its right end (the title keeps the left).
    private func borderSign(_ text: String, row: Int, in area: Rect, into frame: inout CellBuffer) {
        let shown = DisplayWidth.truncate(" \(text) ", to: max(area.width - 2, 0))
        let col = area.maxX - 1 - DisplayWidth.of(shown)
        frame.put(shown, row: row, col: max(col, area.x + 1), style: theme.heading, clip: area)
    }

    func message(_ title: String, lines: [String], into frame: inout CellBuffer) {
        let area = panel(in: frame.bounds, width: 60, height: lines.count + 2)
        guard area.width >= 4, area.height >= 3 else {
            frame.putLine(lines.first ?? title, in: frame.bounds, row: 0, style: theme.error)
            return
        }
        frame.fill(area, with: .blank)
        frame.box(area, title: title, style: theme.borderSelected, glyphs: theme.glyphs)
        let inner = area.inset(by: 1)
        for (i, line) in lines.prefix(inner.height).enumerated() {
            frame.putLine(line, in: inner, row: inner.y + i)
        }
    }

    func pager(title: String, lines: [String], offset: Int, into frame: inout CellBuffer) {
        let area = frame.bounds.inset(by: frame.size.cols > 20 && frame.size.rows > 6 ? 1 : 0)
        guard area.width >= 4, area.height >= 3 else { return }
        frame.fill(area, with: .blank)
        frame.box(area, title: title, style: theme.border, glyphs: theme.glyphs)
        let inner = area.inset(by: 1)
        for (i, line) in lines.dropFirst(offset).prefix(inner.height).enumerated() {
            frame.putLine(line, in: inner, row: inner.y + i)
        }
    }

    func picker(title: String, items: [String], cursor: Int, into frame: inout CellBuffer) {
        let area = panel(in: frame.bounds, width: 50, height: items.count + 2)
        guard area.width >= 4, area.height >= 3 else { return }
        frame.fill(area, with: .blank)
        frame.box(area, title: title, style: theme.border, glyphs: theme.glyphs)
        let inner = area.inset(by: 1)
        let start = max(0, cursor - inner.height + 1)
        for (i, item) in items.enumerated().dropFirst(start).prefix(inner.height) {
            frame.putLine(item, in: inner, row: inner.y + i - start, style: i == cursor ? theme.selected : .plain)
        }
    }

    /// A centred panel of at most `width`×`height`, leaving a margin when the screen allows.
    private func panel(in bounds: Rect, width: Int, height: Int) -> Rect {
        let margin = bounds.width > 10 && bounds.height > 6 ? 1 : 0
        return bounds.inset(by: margin).centered(width: width, height: height)
    }
}
