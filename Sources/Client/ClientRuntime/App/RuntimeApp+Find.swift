// Keeps the find overlay's results current: the query is run when it changes (each key), and
// again while the searched screens change, at most every `FindRun.refreshInterval`.
import ClientCore
import TerminalScreen

/// When the find overlay's query last ran, for what, and whether screens changed since.
struct FindRun {
    var query: String
    var keys: [SessionKey]
    var at: Duration
    var outputSince = false
    /// Sessions the last run had no time to read: run again at once.
    var pending = false

    /// How often results are refreshed while output arrives (new lines may match).
    static let refreshInterval: Duration = .milliseconds(250)
}

extension RuntimeApp {
    /// Runs the overlay's query if it is due; true when results were posted.
    func refreshFind(now: Duration) -> Bool {
        guard let find = state.find else {
            if findRun != nil {
                findRun = nil
                // The wall's tiles keep their indexes for the next search; the rest are gone.
                finder.prune(keeping: screens)
            }
            return false
        }
        let keys = state.findKeys
        if let run = findRun, run.query == find.query, run.keys == keys, !run.pending {
            guard run.outputSince, now - run.at >= FindRun.refreshInterval else { return false }
        }
        findRun = FindRun(query: find.query, keys: keys, at: now)
        let results =
            find.query.isEmpty
            ? FindResults(query: "", hits: [], total: 0, searched: 0, live: state.findLiveCount)
            : finder.find(find.query, in: keys, screens: screens, live: state.findLiveCount)
        findRun?.pending = results.pending > 0
        finder.prune(keeping: screens)
        dispatch(.findResults(results))
        return true
    }

    /// Notes output on a screen the overlay searches (its results may be out of date).
    func findScreenChanged(_ key: SessionKey) {
        findRun?.outputSince = true
    }

    /// When results are next refreshed, if output is waiting to be searched.
    var findDeadline: Duration? {
        guard let run = findRun else { return nil }
        if run.pending { return run.at }
        return run.outputSince ? run.at + FindRun.refreshInterval : nil
    }
}
