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
            resnapshot(pane: pane, session: session)
        case .resume(let pane): resnapshot(pane: pane, session: session)
        case .layoutChange(let window):
            resnapshot(window: window, session: session)
            topologyChanged(session)
        case .windowAdd, .windowClose, .sessionsChanged: topologyChanged(session)
        case .exit(let reason): clientEnded(session: session, reason: reason)
        case .reply, .attached, .paneModeChanged, .other: break
        }
    }

    private func output(_ pane: String, _ data: [UInt8], session: String) {
        let (overflowed, observer) = state.withLock { s -> ([UUID], Observer?) in
            if data.contains(0x1B) { s.modes[pane, default: PaneModes()].scan(data) }
            var overflowed: [UUID] = []
            for id in s.byPane[pane] ?? [] {
                guard let sub = s.subscribers[id], sub.live else { continue }
                if sub.subscription.push(.output(data)) > Self.viewerLimit {
                    s.subscribers[id]?.live = false
                    overflowed.append(id)
                }
            }
            return (overflowed, s.observer)
        }
        observer?.output(pane, session)
        for id in overflowed { resnapshot(id) }
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

    private func resnapshot(pane: String, session: String) {
        let ids = state.withLock { Array($0.byPane[pane] ?? []) }
        for id in ids { resnapshot(id) }
    }

    private func resnapshot(window: String, session: String) {
        let ids = state.withLock { s in
            s.subscribers.filter { $0.value.session == session && $0.value.windowId == window }.map(\.key)
        }
        for id in ids { resnapshot(id) }
    }

    func resnapshot(_ id: UUID) {
        guard let session = state.withLock({ $0.subscribers[id]?.session }),
            let client = state.withLock({ $0.clients[session] })
        else { return }
        requestSnapshot(id, client: client)
    }
}
