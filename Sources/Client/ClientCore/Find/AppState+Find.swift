// The search across every session's scrollback (`f` on the wall). The overlay takes every key:
// typing edits the query (the runtime searches the screens it holds after each change and
// reports `.findResults`), arrows and C-n/C-p move between hits, Enter attaches to the focused
// hit's session in scrollback mode on that match, Esc closes. While it is open, the first
// `FindState.watchLimit` live sessions of the list are watched, so their histories can be
// searched; closing it drops the streams of those not on the wall.

extension AppState {
    /// The open find overlay's state, if any.
    public var find: FindState? {
        if case .find(let state) = overlay { return state }
        return nil
    }

    /// The sessions the find overlay searches (and watches while open): the list's live sessions
    /// up to `FindState.watchLimit`, and the tiles on the wall; in list order.
    public var findKeys: [SessionKey] {
        guard find != nil, page == .sessions else { return [] }
        let live = shown.live
        var keys = Array(live.prefix(FindState.watchLimit))
        let tiles = Set(visibleTiles).subtracting(keys)
        if !tiles.isEmpty { keys += live.dropFirst(FindState.watchLimit).filter { tiles.contains($0) } }
        return keys
    }

    /// Live sessions the list shows (what the find overlay could search).
    public var findLiveCount: Int { shown.live.count }

    mutating func openFind() -> [AppEffect] {
        overlay = .find(FindState())
        return []
    }

    /// Keys while the overlay is open.
    mutating func handleFindKey(_ key: AppKey, _ state: FindState) -> [AppEffect] {
        var next = state
        let count = state.results?.hits.count ?? 0
        let page = max(size.rows - 6, 1)
        switch key {
        case .up, .ctrl("p"): next.cursor -= 1
        case .down, .ctrl("n"): next.cursor += 1
        case .pageUp: next.cursor -= page
        case .pageDown: next.cursor += page
        case .mouse, .focus: return []
        case .enter:
            guard let hit = state.focused, let results = state.results else {
                flash = state.query.isEmpty ? "type what to find" : "no match to open"
                return []
            }
            return openFindHit(hit, query: results.query)
        default:
            switch TextEdit.apply(key, to: state.query) {
            case .editing(let query):
                if query != state.query { next.cursor = 0 }
                next.query = query
            case .cancelled:
                overlay = nil
                return []
            case .submitted: return []
            }
        }
        next.cursor = min(max(next.cursor, 0), max(count - 1, 0))
        overlay = .find(next)
        return []
    }

    /// Stores the runtime's results if the overlay is still open.
    mutating func findResultsArrived(_ results: FindResults) {
        guard var state = find else { return }
        let focused = state.focused
        state.results = results
        // The focus stays on the same line while live output adds hits around it.
        if let focused, let index = results.hits.firstIndex(where: { $0.key == focused.key && $0.line == focused.line })
        {
            state.cursor = index
        } else {
            state.cursor = min(state.cursor, max(results.hits.count - 1, 0))
        }
        overlay = .find(state)
    }

    /// Attaches to `hit`'s session, in scrollback mode on the match.
    private mutating func openFindHit(_ hit: FindHit, query: String) -> [AppEffect] {
        let effects = attach(hit.key)
        guard attachedSession == hit.key else { return effects }
        scrollback = ScrollbackState(query: query, match: hit.fromNewest)
        return effects
    }
}
