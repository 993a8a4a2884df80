// Pushed session facts from tmux control mode (PaneStreams): every tracked pane has a mirror (the
// server's emulator of it, fed by its `%output`); a pane's output triggers a read of that mirror
// (coalesced by OutputTicker) that feeds the waiting detector at once and the `session:output`
// buffer at most once per poll interval, with no capture asked of tmux; window and session
// changes trigger one liveness check. A slow sweep (≥ 30 s) remains for what tmux does
// not announce (a pane that died with remain-on-exit, a missed notification).
import Foundation

extension SessionSupervisor {
    /// How often the safety sweep runs when tmux pushes events.
    static let sweepInterval: Duration = .seconds(30)

    /// Subscribes to the pane streams' output and topology notifications and watches the tmux
    /// session of every tracked pane. False when there are no pane streams (then: polling).
    func startPushedEvents() async -> Bool {
        guard let streams = panes.paneStreams else { return false }
        let ticker = OutputTicker(delay: .milliseconds(10)) { [weak self] batch in await self?.panesWrote(batch) }
        let topology = OutputTicker(delay: .milliseconds(20)) { [weak self] _ in await self?.checkLiveness() }
        streams.setObserver(
            PaneStreams.Observer(
                output: { pane, session in ticker.mark(pane, session: session) },
                topology: { session in topology.mark("", session: session) }))
        pushedEvents = true
        await watchTrackedSessions()
        return true
    }

    /// Mirrors every tracked pane (a control client on its tmux session), then reads each once.
    func watchTrackedSessions() async {
        guard !live.isEmpty else { return }
        let sessionOf = Dictionary(await panes.listPanes().map { ($0.paneId, $0.sessionName) }) { a, _ in a }
        for (id, session) in live {
            guard let tmuxSession = sessionOf[session.paneId] else { continue }
            await startWatching(id, paneId: session.paneId, session: tmuxSession)
        }
    }

    /// Mirrors the pane (when pushed events are on) and reads it once.
    func startWatching(_ id: String, paneId: String, session: String) async {
        guard pushedEvents, let streams = panes.paneStreams else { return }
        guard (try? streams.watch(pane: paneId, session: session)) != nil else { return }
        live[id]?.tmuxSession = session
        await capture(id, paneId: paneId, session: session)
    }

    /// Captures each pane that wrote something and hands the screen to the detector.
    func panesWrote(_ batch: Set<OutputTicker.Mark>) async {
        let byPane = Dictionary(live.values.map { ($0.paneId, $0.id) }) { first, _ in first }
        for mark in batch {
            guard let id = byPane[mark.pane] else { continue }
            await capture(id, paneId: mark.pane, session: mark.session)
        }
    }

    /// One `list-panes -a`: tracked sessions whose pane is gone end now.
    func checkLiveness() async {
        guard !live.isEmpty, let alive = await panes.livePaneIDs() else { return }
        for (id, session) in live where !alive.contains(session.paneId) {
            if !(await panes.isPaneAlive(session.paneId)) {
                try? await markEnded(id, status: "completed", publish: true)
            }
        }
    }

    /// The pane's screen, plus `captureLines` of history if `history`: from its mirror when the
    /// pane streams have one ready, else through the control client when one watches `session`,
    /// else with a tmux process (always with history: without pane streams every capture is a
    /// poll, and may be published).
    func captureLines(_ paneId: String, session _: String?, history: Bool) async -> [String]? {
        if let streams = panes.paneStreams,
            let lines = streams.screenLines(pane: paneId, history: history ? config.captureLines : 0)
        {
            return lines + [""]
        }
        // Until its mirror is seeded, the pane is read by a tmux command of its own: nothing the
        // supervisor does waits on a control client's replies.
        return try? await panes.capture(paneId, lines: config.captureLines)
    }
}
