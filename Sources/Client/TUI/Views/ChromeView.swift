// The header (app, view, servers, unread count) and the footer (a flash message or key hints).
// Both are recomputed only when their inputs change (`StatusCache`), like tmux's status line.

import ClientCore

/// Draws the header and footer bars.
struct ChromeView {
    let theme: Theme

    /// The header text for `state`.
    static func headerText(_ state: AppState, glyphs: Glyphs) -> String {
        let view: String
        switch state.page {
        case .sessions: view = "sessions"
        case .board: view = "board"
        case .attached: view = "attached"
        }
        // Read-only is said in words (no colour needed): once when every server is, else per server.
        let everywhere = state.isReadOnlyEverywhere
        var parts = ["claudepm · \(view)" + (everywhere ? " · READ-ONLY" : "")]
        for server in state.servers {
            let name = server.name + (!everywhere && state.isReadOnly(server.name) ? " (read-only)" : "")
            switch server.link {
            case .online:
                if let late = server.lateText(now: state.now) {
                    parts.append("\(glyphs.stale) \(name) \(late)")
                } else {
                    parts.append("\(glyphs.running) \(name)")
                }
            case .connecting: parts.append("… \(name)")
            case .offline:
                parts.append("\(glyphs.stale) \(name) offline" + (server.problem.map { ": \($0)" } ?? ""))
            }
        }
        let waiting = state.waitingCount
        if waiting > 0 { parts.append("\(glyphs.waiting) \(waiting) waiting") }
        if state.unreadCount > 0 { parts.append("\(glyphs.bell) \(state.unreadCount) unread") }
        return " " + parts.joined(separator: "  ")
    }

    /// The footer text for `state`.
    static func footerText(_ state: AppState) -> String {
        if let flash = state.flash { return " " + flash }
        if let pending = state.pendingKey { return " \(pending) …" }
        if case .palette(let text) = state.overlay { return ":" + text }
        if state.page == .sessions, state.filter.editing { return "/" + state.filter.text }
        if state.page == .sessions, state.filter.isActive {
            let count = "\(state.filter.slots.count) of \(state.sessions.count)"
            return " filter: \(state.filter.text) · \(count) · / edit  Esc clear  Enter attach  ? help"
        }
        switch state.page {
        case .board: return " h/l column  j/k card  Enter read  s start  a/x approve/reject  m move  f chips  ? help"
        default: return " " + fitted(sessionHints, width: state.size.cols - 1)
        }
    }

    /// The sessions page's key hints, with the order they are left out in when the footer is
    /// narrow (nil: always shown).
    static let sessionHints: [(text: String, dropOrder: Int?)] = [
        ("j/k move", nil), ("Enter attach", nil), ("z zoom", 2), ("t next waiting", 3), ("R rewind", 4),
        ("g b board", 1), ("b notifications", 0), ("? help", nil), ("q quit", nil),
    ]

    /// `hints` joined, leaving out those that drop first until the text fits `width`.
    static func fitted(_ hints: [(text: String, dropOrder: Int?)], width: Int) -> String {
        var kept = hints
        let join = { (hints: [(text: String, dropOrder: Int?)]) in hints.map(\.text).joined(separator: "  ") }
        for order in hints.compactMap(\.dropOrder).sorted() where join(kept).count > width {
            kept.removeAll { $0.dropOrder == order }
        }
        return join(kept)
    }

    func draw(header: String, footer: String, layout: SessionsPageLayout, into frame: inout CellBuffer) {
        if !layout.header.isEmpty { frame.putLine(header, in: layout.header, row: layout.header.y, style: theme.bar) }
        if !layout.footer.isEmpty { frame.putLine(footer, in: layout.footer, row: layout.footer.y, style: theme.bar) }
    }
}

/// Caches a computed text until its inputs change.
final class StatusCache<Key: Equatable> {
    private var key: Key?
    private var value = ""
    /// How many times the text was recomputed (for tests).
    private(set) var recomputations = 0

    /// The cached text for `inputs`, recomputed by `make` only when `inputs` differ.
    func text(for inputs: Key, make: () -> String) -> String {
        if inputs != key {
            key = inputs
            value = make()
            recomputations += 1
        }
        return value
    }
}
