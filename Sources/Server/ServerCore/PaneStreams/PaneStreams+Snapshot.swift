// Snapshots: the pane's state and three captures sent as ONE command list, so that tmux runs
// them without reading the pane in between; the reply is handled on the reader thread before
// any later `%output`, so the viewer's stream continues exactly where the snapshot ends.
import Foundation

extension PaneStreams {
    /// Marks the viewer as waiting for a snapshot (its output is held back, being in the
    /// snapshot) and asks for one.
    func requestSnapshot(_ id: UUID, client: TmuxControlClient) {
        guard
            let (pane, history, generation) = state.withLock({ s -> (String, Int, Int)? in
                guard var sub = s.subscribers[id] else { return nil }
                sub.generation += 1
                sub.live = false
                s.subscribers[id] = sub
                s.counters.snapshots += 1
                return (sub.subscription.paneId, sub.history, sub.generation)
            })
        else { return }
        client.send(Self.snapshotCommands(pane: pane, history: history)) { [weak self] replies in
            self?.snapshotArrived(id, generation: generation, history: history, replies: replies)
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

    private func snapshotArrived(_ id: UUID, generation: Int, history: Int, replies: [ControlReply]) {
        guard replies.count == 4, replies[0].success, let line = replies[0].text.first,
            let paneState = PaneState.parse(line), !paneState.dead
        else {
            endViewers([id], reason: "pane closed")
            return
        }
        state.withLock { s in
            guard var sub = s.subscribers[id], sub.generation == generation else { return }
            let snapshot = PaneSnapshot.build(
                state: paneState, history: history > 0 && replies[1].success ? replies[1].text : [],
                primary: replies[2].text, screen: replies[3].text,
                modes: s.modes[sub.subscription.paneId] ?? PaneModes(), limit: Self.snapshotLimit)
            sub.live = true
            sub.windowId = paneState.windowId
            s.subscribers[id] = sub
            sub.subscription.push(.snapshot(snapshot))
        }
    }
}
