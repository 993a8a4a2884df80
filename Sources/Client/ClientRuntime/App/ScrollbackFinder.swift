// The search across every session's scrollback, over the screens the loop holds: one
// `HistoryText` per screen, brought up to date (only what changed is converted) and scanned for
// each query. Runs on the loop thread; a 50-session × 10,000-line search is measured in
// `docs/performance.md`.
import ClientCore
import TerminalScreen

/// Finds a query in the histories of many screens.
final class ScrollbackFinder {
    private var texts: [SessionKey: HistoryText] = [:]

    /// The matches of `query` in `screens` of `keys` (list order), newest first per session;
    /// `live` is how many live sessions the list shows.
    func find(_ query: String, in keys: [SessionKey], screens: [SessionKey: TerminalScreen], live: Int) -> FindResults {
        let needle = HistoryText.folded(query.replacingOccurrences(of: "\n", with: " "))
        var hits: [FindHit] = []
        var total = 0
        var searched = 0
        for key in keys {
            guard let screen = screens[key] else { continue }
            searched += 1
            let text = texts[key] ?? HistoryText()
            texts[key] = text
            text.update(from: screen)
            let lines = text.occurrences(of: needle)
            total += lines.count
            for (index, line) in lines.enumerated().reversed() where hits.count < FindResults.keptLimit {
                let fromNewest = lines.count - 1 - index
                hits.append(
                    FindHit(
                        key: key, line: line, fromNewest: fromNewest,
                        text: TerminalScreen.text(of: screen.historyLine(line))))
            }
        }
        return FindResults(query: query, hits: hits, total: total, searched: searched, live: live)
    }

    /// Forgets the texts of sessions that have no screen any more (or all, when `screens` is empty).
    func prune(keeping screens: [SessionKey: TerminalScreen]) {
        texts = texts.filter { screens[$0.key] != nil }
    }
}
