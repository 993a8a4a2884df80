// The find overlay's own reducer: what a key does to the query, the focus and the results, and
// what the app must do next (close, open a hit, say why nothing opens). It knows nothing of the
// page, the sessions or the streams; `AppState+Find` carries out its steps.

extension FindState {
    /// What the app does after a key the overlay took.
    public enum Step: Equatable, Sendable {
        /// The overlay stays open with the new state.
        case stay
        /// Esc (or C-c): the overlay closes.
        case close
        /// Enter on a hit: attach to its session in scrollback mode on `query`'s match.
        case open(FindHit, query: String)
        /// Enter with nothing to open; the text says why.
        case refuse(String)
        /// A key with no meaning here (mouse, focus): nothing changes.
        case ignore
    }

    /// Applies `key`; `pageRows` is how far Page Up and Page Down move the focus. The focus stays
    /// on a hit (or 0 when there are none) and goes back to the first hit when the query changes.
    public mutating func reduce(_ key: AppKey, pageRows: Int) -> Step {
        let page = max(pageRows, 1)
        switch key {
        case .up, .ctrl("p"): cursor -= 1
        case .down, .ctrl("n"): cursor += 1
        case .pageUp: cursor -= page
        case .pageDown: cursor += page
        case .mouse, .focus: return .ignore
        case .enter:
            guard let hit = focused, let results else {
                return .refuse(query.isEmpty ? "type what to find" : "no match to open")
            }
            return .open(hit, query: results.query)
        default:
            switch TextEdit.apply(key, to: query) {
            case .editing(let edited):
                if edited != query { cursor = 0 }
                query = edited
            case .cancelled: return .close
            case .submitted: return .ignore
            }
        }
        cursor = min(max(cursor, 0), max((results?.hits.count ?? 0) - 1, 0))
        return .stay
    }

    /// Takes the runtime's `results`: the focus stays on the same line while live output adds
    /// hits around it, and otherwise on a hit that exists.
    public mutating func take(_ results: FindResults) {
        let before = focused
        self.results = results
        if let before, let index = results.hits.firstIndex(where: { $0.key == before.key && $0.line == before.line }) {
            cursor = index
        } else {
            cursor = min(cursor, max(results.hits.count - 1, 0))
        }
    }
}
