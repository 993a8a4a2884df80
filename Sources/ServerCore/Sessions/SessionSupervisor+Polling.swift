// Start-up adoption and the periodic poll: liveness of tracked panes (dead → completed with a
// session:status event) and output capture every interval (changed → buffer + session:output).
import Foundation
import GRDB

extension SessionSupervisor {
    /// Re-adopts running sessions whose panes are still alive; marks the others completed (DB only).
    public func adoptRunningSessions() async throws {
        let running = try await store.db.read {
            try SessionRecord.filter(Column("status") == "running").fetchAll($0)
        }
        for s in running where live[s.id] == nil {
            if s.hasRealPane, await panes.isPaneAlive(s.paneId) {
                live[s.id] = LiveSession(id: s.id, paneId: s.paneId, projectId: s.projectId, ticketId: s.ticketId)
                await detector.watch(s.id)
            } else if s.hasRealPane {
                try markEnded(s.id, status: "completed", publish: false)
            }
        }
    }

    /// Starts the periodic poll.
    public func startPolling() {
        guard pollTask == nil else { return }
        let interval = config.pollInterval
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
                try? markEnded(id, status: "completed", publish: true)
                continue
            }
            await capture(id, paneId: session.paneId)
        }
    }

    private func capture(_ id: String, paneId: String) async {
        guard let lines = try? await panes.capture(paneId, lines: config.captureLines) else { return }
        let hash = lines.hashValue
        guard var session = live[id], session.lastCaptureHash != hash else { return }
        session.lastCaptureHash = hash
        session.lastCapture = lines
        session.append(lines, limit: config.bufferLimit)
        live[id] = session
        bus.publish(.sessionOutput(sessionId: id, lines: lines))
        await detector.output(id, text: lines.joined(separator: "\n"))
    }
}
