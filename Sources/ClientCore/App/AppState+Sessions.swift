// Session ordering, selection and the wall: which sessions are shown, which tiles are visible,
// and the watch/unwatch effects that keep tile streams in step with what is on screen.

extension AppState {
    /// Sessions in display order: by server (configuration order), project, status, name.
    /// The sort keys are computed once per session and indices are sorted, not sessions: this runs
    /// several times per frame, and comparing `displayName`s (built strings) or moving whole
    /// sessions per comparison was a tenth of the client's CPU on a busy wall (docs/performance.md).
    public var orderedSessions: [AppSession] {
        let serverOrder = Dictionary(servers.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        let all = Array(sessions.values)
        let keys = all.map { session in
            (
                server: serverOrder[session.key.server] ?? Int.max, project: session.projectName,
                rank: Self.statusRank(session.status), name: session.displayName, key: session.key
            )
        }
        let order = keys.indices.sorted { i, j in
            let a = keys[i]
            let b = keys[j]
            if a.server != b.server { return a.server < b.server }
            if a.project != b.project { return a.project < b.project }
            if a.rank != b.rank { return a.rank < b.rank }
            if a.name != b.name { return a.name < b.name }
            return a.key < b.key
        }
        return order.map { all[$0] }
    }

    private static func statusRank(_ status: AppSessionStatus) -> Int {
        switch status {
        case .running: 0
        case .paused: 1
        case .error: 2
        case .completed: 3
        }
    }

    /// Sessions that can have a live tile, in display order.
    public var liveSessions: [AppSession] { orderedSessions.filter(\.isLive) }

    /// The layout of the sessions screen for the current size.
    public var layout: ScreenLayout {
        ScreenLayout.compute(
            size: size, liveCount: liveSessions.count, listRows: listRowCount, zoomed: zoomed != nil)
    }

    /// Rows the list needs: one per session plus one per server and project heading.
    public var listRowCount: Int {
        let ordered = orderedSessions
        let groups = Set(ordered.map { "\($0.key.server)\u{0}\($0.projectName)" }).count
        let serversShown = Set(ordered.map(\.key.server)).count
        return ordered.count + groups + serversShown
    }

    /// The sessions whose tiles are on screen now, in slot order.
    public var visibleTiles: [SessionKey] {
        guard screen == .sessions || attachedSession != nil else { return [] }
        let slots = layout.tiles.count
        guard slots > 0 else { return [] }
        if let zoomed { return [zoomed] }
        let live = liveSessions.map(\.key)
        let index = selection.flatMap { live.firstIndex(of: $0) } ?? 0
        let start = (index / slots) * slots
        return Array(live[start..<min(start + slots, live.count)])
    }

    /// Opens streams for newly visible tiles and closes those no longer visible (an attached
    /// session keeps its stream).
    mutating func syncWatches() -> [AppEffect] {
        var wanted = Set(screen == .sessions ? visibleTiles : [])
        if let attached = attachedSession { wanted.insert(attached) }
        var effects: [AppEffect] = []
        for key in watched.subtracting(wanted).sorted() where key != attachedSession {
            effects.append(.unwatch(key))
        }
        for key in wanted.subtracting(watched).sorted() where key != attachedSession {
            effects.append(.watch(key, ui.tileSize))
        }
        watched = wanted
        streams = streams.filter { wanted.contains($0.key) }
        return effects
    }

    /// Keeps the selection on an existing session (the first one if it vanished).
    mutating func fixSelection() {
        if let selection, sessions[selection] != nil { return }
        selection = orderedSessions.first?.key
        if let zoomed, sessions[zoomed] == nil { self.zoomed = nil }
    }

    /// Moves the selection by `delta` rows in display order, clamped.
    mutating func moveSelection(by delta: Int) {
        let keys = orderedSessions.map(\.key)
        guard !keys.isEmpty else { return }
        let index = selection.flatMap { keys.firstIndex(of: $0) } ?? 0
        selection = keys[min(max(index + delta, 0), keys.count - 1)]
        if zoomed != nil, let selection, sessions[selection]?.isLive == true { zoomed = selection }
    }

    /// Moves the selection to the first session of the next or previous page of tiles.
    mutating func moveTilePage(by delta: Int) {
        let live = liveSessions.map(\.key)
        let slots = max(layout.tiles.count, 1)
        guard !live.isEmpty else { return }
        let index = selection.flatMap { live.firstIndex(of: $0) } ?? 0
        let page = min(max(index / slots + delta, 0), (live.count - 1) / slots)
        selection = live[page * slots]
    }

    /// Attaches `key` full screen (if it is live).
    mutating func attach(_ key: SessionKey) -> [AppEffect] {
        guard sessions[key]?.isLive == true else {
            flash = "session is not running"
            return []
        }
        var effects: [AppEffect] = []
        if let current = attachedSession, current != key { effects.append(.detach(current)) }
        overlay = nil
        scrollback = nil
        selection = key
        screen = .attached(key)
        effects.append(.attach(key, attachSize))
        return effects
    }

    /// The remote size while attached: the terminal minus the status line.
    public var attachSize: GridSize { GridSize(cols: max(size.cols, 1), rows: max(size.rows - 1, 1)) }

    /// Leaves full-screen attach back to the wall.
    mutating func detach() -> [AppEffect] {
        guard let key = attachedSession else { return [] }
        screen = .sessions
        scrollback = nil
        return [.detach(key)]
    }
}
