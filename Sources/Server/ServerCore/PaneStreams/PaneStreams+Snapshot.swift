// Seeds and snapshots. A mirror is seeded from tmux's own picture of its pane: the pane's state
// and three captures sent as ONE command list, so that tmux runs them without reading the pane in
// between; the reply is handled on the reader thread before any later `%output`, so the mirror
// continues exactly where the seed ends (output that arrives while the seed is on its way is in
// it, and is not fed). Viewers get their snapshots from the mirror, at once when it is ready,
// under the same lock that feeds it: the snapshot and the bytes after it meet exactly.
import Foundation
import TerminalScreen

extension PaneStreams {
    /// The mirror of `pane`, created (and seeded) when there is none; a viewer that needs more
    /// history than it keeps has it seeded again with that much.
    func mirror(pane: String, session: String, history: Int, client: TmuxControlClient) {
        let seed = state.withLock { s -> (Int, Int)? in
            // A mirror of another session's pane of this id belongs to a tmux server that is gone.
            if let mirror = s.mirrors[pane], mirror.session != session { s.mirrors[pane] = nil }
            if let mirror = s.mirrors[pane], history <= mirror.historyLimit { return nil }
            let mirror = s.mirrors[pane] ?? PaneMirror(paneId: pane, session: session, historyLimit: history)
            s.mirrors[pane] = mirror
            return (mirror.beginSeed(history: history), mirror.historyLimit)
        }
        if let (generation, limit) = seed {
            sendSeed(pane: pane, generation: generation, history: limit, client: client)
        }
    }

    /// Seeds `pane`'s mirror again (its stream was cut, or tmux resized or reflowed the pane);
    /// its viewers wait for the new seed.
    func reseed(pane: String) {
        let request = state.withLock { s -> (Int, Int, TmuxControlClient)? in
            guard let mirror = s.mirrors[pane], let client = s.clients[mirror.session] else { return nil }
            for id in s.byPane[pane] ?? [] { s.subscribers[id]?.live = false }
            return (mirror.beginSeed(history: 0), mirror.historyLimit, client)
        }
        if let (generation, history, client) = request {
            sendSeed(pane: pane, generation: generation, history: history, client: client)
        }
    }

    private func sendSeed(pane: String, generation: Int, history: Int, client: TmuxControlClient) {
        state.withLock { $0.counters.snapshots += 1 }
        client.send(Self.snapshotCommands(pane: pane, history: history)) { [weak self] replies in
            self?.seedArrived(pane: pane, generation: generation, history: history, replies: replies)
        }
    }

    static func snapshotCommands(pane: String, history: Int) -> [[String]] {
        let capture = ["capture-pane", "-p", "-e", "-N", "-t", pane]
        return [
            ["display-message", "-p", "-t", pane, PaneState.format],
            capture + ["-S", "-\(max(history, 1))", "-E", "-1"],
            capture + ["-q", "-a", "-S", "0", "-E", "-"],
            capture + ["-S", "0", "-E", "-"],
        ]
    }

    private func seedArrived(pane: String, generation: Int, history: Int, replies: [ControlReply]) {
        guard replies.count == 4, replies[0].success, let line = replies[0].text.first,
            let paneState = PaneState.parse(line), !paneState.dead
        else {
            let viewers = state.withLock { s -> [UUID] in
                s.mirrors[pane] = nil
                return Array(s.byPane[pane] ?? [])
            }
            images?.remove(pane: pane)
            return endViewers(viewers, reason: "pane closed")
        }
        let first = state.withLock { s in s.mirrors[pane]?.identity == nil }
        let stored = first ? storedImage(pane: pane, state: paneState) : nil
        // Loaded from its files here, outside the streams' lock.
        let journal = paneState.identity.flatMap { journals?.journal(pane: pane, identity: $0) }
        state.withLock { s in
            guard let mirror = s.mirrors[pane] else { return }
            let seed = PaneSnapshot.build(
                state: paneState, history: history > 0 && replies[1].success ? replies[1].text : [],
                primary: replies[2].text, screen: replies[3].text, modes: s.modes[pane] ?? PaneModes())
            // Another process in a pane of this id: a new tmux server reused it; nothing carries over.
            if mirror.identity != nil, mirror.identity != paneState.identity { mirror.forget() }
            guard mirror.seed(seed, generation: generation, stored: mirror.identity == nil ? stored : nil) else {
                return
            }
            mirror.windowId = paneState.windowId
            mirror.identity = paneState.identity
            mirror.journal = journal
            if let journal, let keyframe = mirror.journalKeyframe(fresh: true) {
                journal.append(keyframe, at: JournalStore.nowUs())
            }
            for id in s.byPane[pane] ?? [] { Self.startViewer(id, mirror: mirror, in: &s) }
        }
    }

    /// The image a previous server saved of this pane (same tmux server, same process, same size),
    /// as an emulator reads it back.
    private func storedImage(pane: String, state paneState: PaneState) -> ScreenImage? {
        pruneImagesOnce(server: paneState)
        guard let identity = paneState.identity, let entry = images?.load(pane: pane, identity: identity),
            entry.rows == paneState.rows, entry.cols == paneState.cols
        else { return nil }
        let screen = TerminalScreen(rows: entry.rows, cols: entry.cols, scrollbackLimit: 100_000)
        screen.feed(entry.bytes)
        return screen.image()
    }

    /// Forgets, the first time a seed names the tmux server, the images saved for other tmux
    /// servers (their panes are gone).
    private func pruneImagesOnce(server paneState: PaneState) {
        guard paneState.serverPid > 0, let images else { return }
        let first = state.withLock { s -> Bool in
            defer { s.imagesPruned = true }
            return !s.imagesPruned
        }
        if first { images.prune(keepingServer: "\(paneState.serverPid)-\(paneState.serverStart)") }
    }

    /// Gives a viewer that is not live its snapshot from a ready mirror; it is live from then on.
    static func startViewer(_ id: UUID, mirror: PaneMirror, in s: inout State) {
        guard var sub = s.subscribers[id], !sub.live,
            let snapshot = mirror.snapshot(history: sub.history, limit: snapshotLimit)
        else { return }
        sub.live = true
        sub.windowId = mirror.windowId
        s.subscribers[id] = sub
        sub.subscription.push(.snapshot(snapshot))
    }

    /// A viewer starts over from a fresh snapshot of the mirror (it fell behind), or waits for
    /// the next seed when the mirror has none ready.
    func restartViewer(_ id: UUID) {
        state.withLock { s in
            guard let pane = s.subscribers[id]?.subscription.paneId, let mirror = s.mirrors[pane] else { return }
            s.subscribers[id]?.live = false
            if mirror.isReady { Self.startViewer(id, mirror: mirror, in: &s) }
        }
    }
}
