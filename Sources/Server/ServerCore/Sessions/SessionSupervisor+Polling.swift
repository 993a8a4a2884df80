// Start-up adoption and the periodic poll: liveness of tracked panes (dead → completed with a
// session:status event) and output capture every interval (changed → buffer + session:output).
import Foundation

extension SessionSupervisor {
    /// Re-adopts running sessions whose panes are still alive; marks the others completed (DB only).
    public func adoptRunningSessions() async throws {
        let host = store.host
        let unreadable = store.unreadable
        let running = try await store.read {
            try $0.allReadable(
                SessionRecord.self, where: "host = ? AND status = 'running'", [.text(host)], reporting: unreadable)
        }
        for s in running where live[s.id] == nil {
            if s.hasRealPane, await panes.isPaneAlive(s.paneId) {
                live[s.id] = LiveSession(id: s.id, paneId: s.paneId, projectId: s.projectId, ticketId: s.ticketId)
                await detector.watch(s.id)
            } else if s.hasRealPane {
                try await markEnded(s.id, status: "completed", publish: false)
            }
        }
    }

    /// Starts pushed events (tmux control mode) and the periodic sweep: every `pollInterval`
    /// without pane streams (or with `config.pollOnly`), every 30 s with them.
    public func startPolling() async {
        guard pollTask == nil else { return }
        let pushed = config.pollOnly ? false : await startPushedEvents()
        let interval = pushed ? max(Self.sweepInterval, config.pollInterval) : config.pollInterval
        let events = detector.events
        detectorTask = Task { [weak self] in
            for await event in events {
                await self?.setWaiting(
                    event.sessionId, waiting: event.waiting, reason: event.reason.rawValue,
                    detectedBy: event.detectedBy.rawValue)
            }
        }
        pollTask = Task { [weak self] in
            while !Task.isCancelled {
                await self?.pollOnce()
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// Stops the poll.
    public func stopPolling() {
        panes.paneStreams?.setObserver(nil)
        pushedEvents = false
        pollTask?.cancel()
        pollTask = nil
        detectorTask?.cancel()
        detectorTask = nil
    }

    /// One poll round over every tracked session. Liveness comes from one `list-panes -a` for all
    /// sessions; a pane missing from it is asked about on its own before its session is ended
    /// (it may live only in a watcher's view session, which the listing leaves out).
    public func pollOnce() async {
        let alive = await panes.livePaneIDs()
        for id in Array(live.keys) {
            guard let session = live[id] else { continue }
            let listed = alive?.contains(session.paneId) ?? false
            if !listed, !(await panes.isPaneAlive(session.paneId)) {
                try? await markEnded(id, status: "completed", publish: true)
                continue
            }
            await capture(id, paneId: session.paneId, session: session.tmuxSession)
        }
    }

    private func trailingCapture(_ id: String) async {
        guard var session = live[id] else { return }
        session.publishScheduled = false
        live[id] = session
        await capture(id, paneId: session.paneId, session: session.tmuxSession)
    }

    /// Captures the pane; a changed screen goes to the buffer and `session:output` subscribers at
    /// most once per poll interval (upstream's pace), and to the waiting detector at once unless
    /// only its layout changed (a resize is not output: it must not end a wait). Only a capture
    /// that may be published reaches back into the history (`captureLines`, as upstream's
    /// snapshots do); the ones in between (OutputTicker's, several a second for a busy pane)
    /// take the screen alone, which is what the detector needs (a quarter of the cost to tmux and
    /// to the server for a 40-row pane).
    func capture(_ id: String, paneId: String, session tmuxSession: String?) async {
        let publishable = live[id].map { isPublishDue($0, now: .now) } ?? true
        guard let lines = await captureLines(paneId, session: tmuxSession, history: publishable) else { return }
        let hash = CaptureContent.fingerprint(lines)
        guard var session = live[id], session.lastCaptureHash != hash else { return }
        let content = CaptureContent(lines)
        // A screen alone is a suffix of the same screen with history: either way round, no output.
        let isOutput = session.lastContent.map { !content.isRelayout(of: $0) } ?? true
        session.lastContent = content
        if let tmuxSession { session.tmuxSession = tmuxSession }
        session.lastCaptureHash = hash
        let now = ContinuousClock.now
        if publishable {
            session.lastPublished = now
            session.append(lines, limit: config.bufferLimit)
            bus.publish(.sessionOutput(sessionId: id, lines: lines))
        } else if !session.publishScheduled {
            // Publish the screen as it is when the interval is up, even if the pane went quiet.
            session.publishScheduled = true
            session.lastCaptureHash = nil
            let wait = config.pollInterval - (now - (session.lastPublished ?? now))
            Task { [weak self] in
                try? await Task.sleep(for: wait)
                await self?.trailingCapture(id)
            }
        } else {
            session.lastCaptureHash = nil
        }
        live[id] = session
        if isOutput { await detector.output(id, text: lines.joined(separator: "\n")) }
    }

    /// Whether a capture of `session` taken `now` would be published: none was yet, or the last
    /// was a poll interval ago.
    private func isPublishDue(_ session: LiveSession, now: ContinuousClock.Instant) -> Bool {
        session.lastPublished.map { now - $0 >= config.pollInterval } ?? true
    }
}
