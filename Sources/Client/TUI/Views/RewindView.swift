// Rewind's frame: a session's past screen (from its server's journal) over the whole terminal,
// and a status line saying it is not live — REWIND, the session, the moment shown, how far behind
// live, the step and a timeline with the marks — or why nothing can be shown.

import ClientCore
import Foundation

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
            into: &frame)
    }

    /// The status line for `width` columns.
    func text(_ rewind: RewindState, state: AppState, width: Int) -> String {
        let title = state.sessions[rewind.key].map(SessionText.title) ?? String(rewind.key.sessionId.prefix(8))
        var parts = [" REWIND · \(title)"]
        if let problem = rewind.problem {
            parts.append(problem)
        } else if let shown = rewind.shownMs {
            let date = Date(timeIntervalSince1970: Double(shown) / 1000)
            parts.append(Self.clock(date) + " · " + Self.behind(state.now.timeIntervalSince(date)))
            if let index = rewind.index { parts.append("\(index + 1)/\(rewind.stops.count)") }
            if let mark = rewind.markShown { parts.append("\(mark.kind): \(TerminalSafeText.escaped(mark.text))") }
        } else {
            parts.append("loading…")
        }
        let keys = "h/l step  [/] mark  g/G ends  Esc live"
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
