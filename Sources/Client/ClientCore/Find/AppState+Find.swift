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

    /// Keys while the overlay is open: `FindState.reduce`, then its step.
    mutating func handleFindKey(_ key: AppKey, _ state: FindState) -> [AppEffect] {
        var next = state
        switch next.reduce(key, pageRows: size.rows - 6) {
        case .stay: overlay = .find(next)
        case .close: overlay = nil
        case .open(let hit, let query): return openFindHit(hit, query: query)
        case .refuse(let text): flash = text
        case .ignore: break
        }
        return []
    }

    /// Stores the runtime's results if the overlay is still open.
    mutating func findResultsArrived(_ results: FindResults) {
        guard var state = find else { return }
        state.take(results)
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
