// Pushed session facts from tmux control mode (PaneStreams): a pane's output triggers a capture
// through its session's control client (coalesced by OutputTicker) that feeds the waiting
// detector at once and the `session:output` buffer at most once per poll interval; window and
// session changes trigger one liveness check. A slow sweep (≥ 30 s) remains for what tmux does
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

    /// Starts a control client on the tmux session of every tracked pane, then captures each
    /// pane once (what it printed before the client attached arrives no other way).
    func watchTrackedSessions() async {
        guard !live.isEmpty else { return }
        let sessionOf = Dictionary(await panes.listPanes().map { ($0.paneId, $0.sessionName) }) { a, _ in a }
        for (id, session) in live {
            guard let tmuxSession = sessionOf[session.paneId] else { continue }
            await startWatching(id, paneId: session.paneId, session: tmuxSession)
        }
    }

    /// Watches the pane's tmux session (when pushed events are on) and captures the pane once
    /// through the control client, after it attached.
    func startWatching(_ id: String, paneId: String, session: String) async {
        guard pushedEvents, let streams = panes.paneStreams else { return }
        guard (try? streams.watch(session: session)) != nil else { return }
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
            if !(await panes.isPaneAlive(session.paneId)) { try? markEnded(id, status: "completed", publish: true) }
        }
    }

    /// The pane's screen, plus `captureLines` of history if `history`, through the control client
    /// when one watches `session`, else with a tmux process (always with history: without pane
    /// streams every capture is a poll, and may be published).
    func captureLines(_ paneId: String, session: String?, history: Bool) async -> [String]? {
        if let session, let streams = panes.paneStreams {
            let command =
                ["capture-pane", "-p", "-e", "-t", paneId] + (history ? ["-S", "-\(config.captureLines)"] : [])
            if let reply = try? await streams.run(session: session, [command]).first, reply.success {
                return reply.text + [""]
            }
        }
        return try? await panes.capture(paneId, lines: config.captureLines)
    }
}
