// The find overlay: the query being typed, a summary (matches, sessions, how many of the live
// sessions were searched), then one row per hit: the session (its server too when there are
// several) and the line, the match in reverse video, the focused row selected.
import ClientCore
import Foundation

/// Draws the search across every session's scrollback.
struct FindView {
    let theme: Theme

    /// Draws the overlay; returns where the cursor goes (after the query).
    func draw(_ find: FindState, state: AppState, into frame: inout CellBuffer) -> CursorPlacement? {
        let bounds = frame.bounds
        let margin = bounds.width > 10 && bounds.height > 6 ? 1 : 0
        let area = bounds.inset(by: margin)
        guard area.width >= 8, area.height >= 4 else {
            frame.putLine("find: " + find.query, in: bounds, row: 0, style: theme.bar)
            return nil
        }
        frame.fill(area, with: .blank)
        frame.box(area, title: "Find in every scrollback", style: theme.borderSelected, glyphs: theme.glyphs)
        let inner = area.inset(by: 1)
        let prompt = "find: " + find.query
        frame.putLine(prompt, in: inner, row: inner.y)
        frame.putLine(Self.summary(find), in: inner, row: inner.y + 1, style: theme.dim)
        let listTop = inner.y + 2
        let listHeight = max(inner.maxY - 1 - listTop, 0)
        let hits = find.results?.hits ?? []
        let start = max(0, find.cursor - listHeight + 1)
        for (index, hit) in hits.enumerated().dropFirst(start).prefix(listHeight) {
            let row = listTop + index - start
            drawHit(
                hit, query: find.results?.query ?? "", selected: index == find.cursor, state: state, row: row,
                in: inner, into: &frame)
        }
        frame.putLine(
            "type to search  ↑↓ C-n C-p move  Enter open at the match  Esc close", in: inner, row: inner.maxY - 1,
            style: theme.dim)
        let col = min(inner.x + DisplayWidth.of(prompt), inner.maxX - 1)
        return CursorPlacement(row: inner.y, col: col)
    }

    /// "3 matches in 2 sessions · searched 12 of 12 live sessions" (or why there is nothing).
    static func summary(_ find: FindState) -> String {
        guard let results = find.results, !find.query.isEmpty else {
            return "the scrollback and screen of every live session in the list, as you type"
        }
        let sessions = Set(results.hits.map(\.key)).count
        let stale =
            results.query != find.query
            ? " (searching…)" : results.pending > 0 ? " (reading \(results.pending) more…)" : ""
        let scope = "searched \(results.searched) of \(results.live) live sessions"
        if results.total == 0 { return "no match · \(scope)\(stale)" }
        let shown = results.total > results.hits.count ? ", first \(results.hits.count) listed" : ""
        let noun = results.total == 1 ? "match" : "matches"
        let many = results.total > results.hits.count ? "+" : ""
        return
            "\(results.total) \(noun) in \(sessions)\(many) session\(sessions == 1 ? "" : "s")\(shown) · \(scope)\(stale)"
    }

    private func drawHit(
        _ hit: FindHit, query: String, selected: Bool, state: AppState, row: Int, in rect: Rect,
        into frame: inout CellBuffer
    ) {
        let name = state.sessions[hit.key].map(SessionText.title) ?? hit.key.sessionId
        let label = DisplayWidth.pad(
            DisplayWidth.truncate(SessionText.serverPrefix(hit.key.server, in: state) + name, to: 28), to: 28)
        let style = selected ? theme.selected : Style.plain
        let text = hit.text.drop { $0 == " " }
        frame.putLine("\(label) │ \(text)", in: rect, row: row, style: style)
        guard !query.isEmpty, let range = text.range(of: query, options: .caseInsensitive) else { return }
        let col = rect.x + DisplayWidth.of(label) + 3 + DisplayWidth.of(String(text[..<range.lowerBound]))
        let width = DisplayWidth.of(String(text[range]))
        for x in col..<min(col + width, rect.maxX) {
            var cell = frame[row, x]
            cell.style.attrs.formSymmetricDifference(.reverse)
            frame[row, x] = cell
        }
    }
}
