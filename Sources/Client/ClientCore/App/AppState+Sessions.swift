// Session ordering, selection and the wall: which sessions are shown, which tiles are visible,
// and the watch/unwatch (or, without pane streams, show/hide pictures) effects that keep tiles in
// step with what is on screen.

import Foundation

extension AppState {
    /// Every session in display order: by server (configuration order), project, status, name
    /// (kept by `SessionTable`, never sorted per call).
    public var orderedSessions: [AppSession] { sessions.slots.compactMap { sessions[$0.key] } }

    /// The sessions the list and the wall show, in display order: all of them, or those matching
    /// the `/` filter, with their counts and indexes.
    public var shown: SlotSummary { filter.isActive ? filter.summary : sessions.summary }

    /// The shown sessions in display order.
    public var shownSlots: [SessionSlot] { shown.slots }

    /// The shown sessions that can have a live tile, in display order.
    public var liveKeys: [SessionKey] { shown.live }

    /// Sessions that can have a live tile, in display order.
    public var liveSessions: [AppSession] { liveKeys.compactMap { sessions[$0] } }

    /// The layout of the sessions page for the current size.
    public var layout: SessionsPageLayout {
        SessionsPageLayout.compute(
            size: size, liveCount: liveKeys.count, listRows: listRowCount, zoomed: zoomed != nil)
    }

    /// Rows the list needs: one per shown session plus one per server and project heading.
    public var listRowCount: Int { shown.rowCount }

    /// The sessions whose tiles are on screen now, in slot order.
    public var visibleTiles: [SessionKey] {
        guard page == .sessions || attachedSession != nil else { return [] }
        let slots = layout.tiles.count
        guard slots > 0 else { return [] }
        if let zoomed { return [zoomed] }
        let shown = self.shown
        let live = shown.live
        let index = selection.flatMap { shown.liveIndex[$0] } ?? 0
        let start = (index / slots) * slots
        return Array(live[start..<min(start + slots, live.count)])
    }

    /// Opens streams for newly visible tiles and closes those no longer visible (an attached
    /// session keeps its stream). A tile of a server without pane streams is a picture instead
    /// (`.showPictures`), and a tile of a server not asked yet waits: no tile there opens a
    /// terminal stream, which such a server would make a tmux client of (docs/compatibility.md).
    mutating func syncWatches() -> [AppEffect] {
        var wanted = Set(page == .sessions ? visibleTiles : [])
        wanted.formUnion(findKeys)
        let attached = attachedSession
        var streamed = wanted.filter { server($0.server)?.paneStreams == true }
        if let attached, server(attached.server)?.paneStreams == true { streamed.insert(attached) }
        let pictures = wanted.filter { $0 != attached && server($0.server)?.paneStreams == false }
        var effects: [AppEffect] = []
        for key in watched.subtracting(streamed).sorted() where key != attached {
            effects.append(.unwatch(key))
        }
        effects += pictured.subtracting(pictures).sorted().map(AppEffect.hidePictures)
        for key in streamed.subtracting(watched).sorted() where key != attached {
            effects.append(.watch(key, ui.tileSize))
        }
        effects += pictures.subtracting(pictured).sorted().map(AppEffect.showPictures)
        watched = streamed
        pictured = pictures
        looked.update(shown: streamed.union(pictures).union(attached.map { [$0] } ?? []), at: now)
        if pictureChanged.keys.contains(where: { !pictures.contains($0) }) {
            pictureChanged = pictureChanged.filter { pictures.contains($0.key) }
        }
        streams = streams.filter { streamed.contains($0.key) || $0.key == attached }
        return effects
    }

    /// When the age of a tile's picture on screen next reads differently (`RelativeTime`), so the
    /// runtime redraws then and not every second.
    public var nextPictureTextChange: Date? {
        pictureChanged.values.map { RelativeTime.nextChange(of: $0, now: now) }.min()
    }

    /// Keeps the selection on an existing, shown session (the first shown one if it vanished or
    /// the filter hides it; none if nothing is shown).
    mutating func fixSelection() {
        if let zoomed, !isShown(zoomed) { self.zoomed = nil }
        if let selection, isShown(selection) { return }
        selection = shownSlots.first?.key
    }

    /// True if `key` is a session the list shows (it exists and passes the filter).
    func isShown(_ key: SessionKey) -> Bool {
        guard sessions[key] != nil else { return false }
        return !filter.isActive || filter.summary.contains(key)
    }

    /// Moves the selection by `delta` rows in display order, clamped.
    mutating func moveSelection(by delta: Int) {
        let shown = self.shown
        guard !shown.slots.isEmpty else { return }
        let index = selection.flatMap { shown.slotIndex[$0] } ?? 0
        selection = shown.slots[min(max(index + delta, 0), shown.slots.count - 1)].key
        if tilePan?.session != selection { tilePan = nil }
        if zoomed != nil, let selection, sessions[selection]?.isLive == true { zoomed = selection }
    }

    /// Moves the selection to the first session of the next or previous page of tiles.
    mutating func moveTilePage(by delta: Int) {
        let shown = self.shown
        let live = shown.live
        let slots = max(layout.tiles.count, 1)
        guard !live.isEmpty else { return }
        let index = selection.flatMap { shown.liveIndex[$0] } ?? 0
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
        if attachedSession == nil { attachedFrom = page }
        overlay = nil
        scrollback = nil
        selection = key
        page = .attached(key)
        // The attach's stream reports the pane's size anew (the tile's was the pane's own).
        streams[key]?.paneSize = nil
        effects.append(.attach(key, attachSize))
        return effects
    }

    /// The remote size while attached: the terminal minus the status line.
    public var attachSize: GridSize { GridSize(cols: max(size.cols, 1), rows: max(size.rows - 1, 1)) }

    /// Leaves full-screen attach back to the screen it was opened from (the wall or the board).
    mutating func detach() -> [AppEffect] {
        guard let key = attachedSession else { return [] }
        page = attachedFrom ?? .sessions
        attachedFrom = nil
        scrollback = nil
        return [.detach(key)]
    }
}
