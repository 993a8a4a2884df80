// The search across every session's scrollback, over the screens the loop holds: one
// `HistoryText` per screen, brought up to date (only what changed is converted) and scanned for
// each query. Runs on the loop thread; a 50-session × 10,000-line search is measured in
// `docs/performance.md`.
import ClientCore
import TerminalScreen

/// Finds a query in the histories of many screens.
final class ScrollbackFinder {
    private var texts: [SessionKey: HistoryText] = [:]

    /// Time one run may spend bringing indexes up to date before sessions with a large backlog
    /// (a whole history not read yet) are left for the next run: the first key on 50 sessions of
    /// 10,000 lines would otherwise hold the UI for over a second.
    static let indexBudget: Duration = .milliseconds(25)
    /// A backlog this small (new output since the last key) is indexed at once, whatever the time.
    static let smallBacklog = 200

    /// The matches of `query` in `screens` of `keys` (list order), newest first per session;
    /// `live` is how many live sessions the list shows. Sessions left unindexed for lack of time
    /// are counted in `pending`: run again soon. `budget` is the indexing time this run may take.
    func find(
        _ query: String, in keys: [SessionKey], screens: [SessionKey: TerminalScreen], live: Int,
        budget: Duration = ScrollbackFinder.indexBudget
    ) -> FindResults {
        let needle = HistoryText.folded(query.replacingOccurrences(of: "\n", with: " "))
        let clock = ContinuousClock()
        let start = clock.now
        var hits: [FindHit] = []
        var total = 0
        var searched = 0
        var pending = 0
        var readWhole = false
        for key in keys {
            guard let screen = screens[key] else { continue }
            let text = texts[key] ?? HistoryText()
            texts[key] = text
            if text.backlog(of: screen) > Self.smallBacklog {
                // At least one whole history per run, so that every run makes progress.
                if readWhole, clock.now - start >= budget {
                    pending += 1
                    continue
                }
                readWhole = true
            }
            text.update(from: screen)
            searched += 1
            let found = text.occurrences(of: needle, newest: FindResults.keptLimit - hits.count)
            total += found.total
            for (index, line) in found.lines.enumerated().reversed() {
                hits.append(
                    FindHit(
                        key: key, line: line, fromNewest: found.lines.count - 1 - index,
                        text: TerminalScreen.text(of: screen.historyLine(line))))
            }
        }
        return FindResults(query: query, hits: hits, total: total, searched: searched, live: live, pending: pending)
    }

    /// Forgets the texts of sessions that have no screen any more (or all, when `screens` is empty).
    func prune(keeping screens: [SessionKey: TerminalScreen]) {
        texts = texts.filter { screens[$0.key] != nil }
    }
}
