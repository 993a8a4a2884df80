// Rewind's frame: a session's past screen (from its server's journal) over the whole terminal,
// and a status line saying it is not live — REWIND, the session, the moment shown, how far behind
// live, the step and a timeline with the marks — or why nothing can be shown.

import ClientCore
import Foundation
import TerminalScreen

/// Draws rewind.
struct RewindView {
    let theme: Theme

    /// Draws `rewind` with its screen in `mirror` (nil until one arrived).
    func draw(
        _ rewind: RewindState, state: AppState, mirror: TerminalScreenMirror?, into frame: inout CellBuffer
    )
        -> CursorPlacement?
    {
        ReplayView.draw(
            mirror: rewind.shownMs == nil ? nil : mirror, line: { text(rewind, state: state, width: $0) }, theme: theme,
            into: &frame, highlight: Self.highlight(rewind))
    }

    /// The search hit on the screen shown, if it is that hit's moment.
    static func highlight(_ rewind: RewindState) -> (row: Int, col: Int, width: Int)? {
        guard let search = rewind.search, let hit = search.shownHit, rewind.atMs == hit.atMs else { return nil }
        return (hit.row, hit.col, TerminalScreen.displayWidth(of: search.query))
    }

    /// The status line for `width` columns.
    func text(_ rewind: RewindState, state: AppState, width: Int) -> String {
        let title = state.sessions[rewind.key].map(SessionText.title) ?? String(rewind.key.sessionId.prefix(8))
        var parts = [" REWIND · \(title)"]
        if let problem = rewind.problem {
            parts.append(problem)
        } else if let shown = rewind.shownMs {
            // The journal's times are its server's; the age is on our clock.
            let date = Date(timeIntervalSince1970: Double(shown) / 1000)
            let age = state.now.timeIntervalSince(state.notifications.localTime(date, server: rewind.key.server))
            parts.append(Self.clock(date) + " · " + Self.behind(age))
            if let changed = rewind.changedMs, shown - changed >= 1000 {
                parts.append("unchanged since " + Self.clock(Date(timeIntervalSince1970: Double(changed) / 1000)))
            }
            if let index = rewind.index { parts.append("\(index + 1)/\(rewind.stops.count)") }
            if let mark = rewind.markShown { parts.append("\(mark.kind): \(TerminalSafeText.escaped(mark.text))") }
        } else {
            parts.append("loading…")
        }
        if let search = rewind.search { parts.append(Self.searchText(search)) }
        let keys = "h/l step  [/] mark  b banner  ' last look  / search  Esc live"
        let used = parts.joined(separator: " · ").count + keys.count + 6
        let barWidth = min(max(width - used, 0), 40)
        if barWidth >= 8, let summary = rewind.summary, let from = summary.fromMs, let to = summary.toMs, to > from {
            let span = Double(to - from)
            let at = rewind.atMs.map { Double($0 - from) / span } ?? 1
            let marks = summary.marks.map { Double($0.atMs - from) / span }
            let unicode = theme.glyphs.horizontal != "-"
            parts.append(ReplayView.bar(at: at, markers: marks, width: barWidth, unicode: unicode))
        }
        return parts.joined(separator: " · ") + " · " + keys
    }

    /// "/text", "/text: searching…", "/text 3/12", "/text: no past screen shows it".
    static func searchText(_ search: RewindSearch) -> String {
        let query = "/" + TerminalSafeText.escaped(search.query)
        if search.editing { return query }
        guard let hits = search.hits else { return query + ": searching…" }
        guard let current = search.current, !hits.isEmpty else { return query + ": no past screen shows it" }
        return query + " \(current + 1)/\(hits.count)\(search.truncated ? "+" : "") n/N"
    }

    static func clock(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    /// "live", "12 s behind live", "4 min behind live", "2 h behind live".
    static func behind(_ seconds: TimeInterval) -> String {
        let whole = max(Int(seconds), 0)
        if whole < 1 { return "live" }
        if whole < 60 { return "\(whole) s behind live" }
        if whole < 3600 { return "\(whole / 60) min behind live" }
        return "\(whole / 3600) h \(whole / 60 % 60) min behind live"
    }
}
