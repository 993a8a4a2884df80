// Handling of control-client notifications, on the client's reader thread, in stream order.
import Foundation

extension PaneStreams {
    func handle(_ event: ControlEvent, session: String) {
        switch event {
        case .output(let pane, let data): output(pane, data, session: session)
        case .pause(let pane):
            state.withLock { $0.counters.pauses += 1 }
            if let client = state.withLock({ $0.clients[session] }) {
                client.send([["refresh-client", "-A", "\(pane):continue"]]) { _ in }
            }
            reseed(pane: pane)
        case .resume(let pane): reseed(pane: pane)
        case .layoutChange(let window):
            reseed(window: window, session: session)
            topologyChanged(session)
        case .windowAdd, .windowClose, .sessionsChanged: topologyChanged(session)
        case .exit(let reason): clientEnded(session: session, reason: reason)
        case .reply, .attached, .paneModeChanged, .other: break
        }
    }

    private func output(_ pane: String, _ data: [UInt8], session: String) {
        let now = ContinuousClock.now
        let (overflowed, observer, save) = state.withLock { s -> ([UUID], Observer?, Bool) in
            if data.contains(0x1B) { s.modes[pane, default: PaneModes()].scan(data) }
            let fed = s.mirrors[pane]?.feed(data, at: now) ?? false
            if fed { s.mirrors[pane]?.journalOutput(data, at: JournalStore.nowUs()) }
            let save = fed && images != nil && !s.saveScheduled
            if save { s.saveScheduled = true }
            var overflowed: [UUID] = []
            for id in s.byPane[pane] ?? [] {
                guard let sub = s.subscribers[id], sub.live else { continue }
                if sub.subscription.push(.output(data)) > Self.viewerLimit {
                    s.subscribers[id]?.live = false
                    overflowed.append(id)
                }
            }
            return (overflowed, s.observer, save)
        }
        observer?.output(pane, session)
        for id in overflowed { restartViewer(id) }
        if save { scheduleSave(after: Self.saveQuiet) }
    }

    private func topologyChanged(_ session: String) {
        let observer = state.withLock { $0.observer }
        observer?.topology(session)
        checkViewersAlive(session: session)
    }

    /// Ends the viewers of panes that are gone or dead (one `list-panes` through the client).
    private func checkViewersAlive(session: String) {
        guard let client = state.withLock({ $0.clients[session] }),
            state.withLock({ s in s.subscribers.values.contains { $0.session == session } })
        else { return }
        client.send([["list-panes", "-a", "-F", "#{pane_id} #{pane_dead}"]]) { [weak self] replies in
            guard let self, let reply = replies.first, reply.success else { return }
            let alive = Set(reply.text.filter { $0.hasSuffix(" 0") }.map { String($0.dropLast(2)) })
            let gone = self.state.withLock { s in
                s.subscribers.filter { $0.value.session == session && !alive.contains($0.value.subscription.paneId) }
                    .map(\.key)
            }
            self.endViewers(gone, reason: "pane closed")
        }
    }

    /// Seeds again every mirror of a pane in `window`: tmux resized or reflowed them.
    private func reseed(window: String, session: String) {
        let panes = state.withLock { s in
            s.mirrors.values.filter { $0.session == session && $0.windowId == window }.map(\.paneId)
        }
        for pane in panes { reseed(pane: pane) }
    }
}
