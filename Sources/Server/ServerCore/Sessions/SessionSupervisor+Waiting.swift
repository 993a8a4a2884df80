// Waiting state per session: the WaitingDetector (hooks + output patterns) emits edges; each edge
// becomes a `session:waiting` event and a notification upsert (or its removal), as upstream. The
// time of the edge that began a wait is kept, and dates the wait's notification: an answer naming
// its prompt is typed only into it.
import Foundation

extension SessionSupervisor {
    /// Records a waiting signal; publishes `session:waiting` and updates notifications on a change.
    public func setWaiting(_ id: String, waiting: Bool, reason: String, detectedBy: String) async {
        guard isWaiting(id) != waiting else { return }
        let now = clock.now()
        waitingSince[id] = waiting ? now : nil
        bus.publish(.sessionWaiting(sessionId: id, waiting: waiting, reason: reason, detectedBy: detectedBy, at: now))
        if let paneId = live[id]?.paneId {
            panes.paneStreams?.journalMark(pane: paneId, kind: waiting ? "waiting" : "resumed", text: reason)
        }
        if waiting {
            let text = reason == "question" ? "Claude asked a question" : reason
            let display = (try? await displayName(id)) ?? "Session \(id.prefix(8))"
            _ = try? await notifications.upsert(
                type: "waiting_input", message: "\(display): \(text)", sessionId: id, ticketId: nil, at: now)
            // The store's calls are suspensions: a session that ended meanwhile (markEnded cleared
            // its wait, perhaps before this notification was written) keeps no waiting notification.
            if waitingSince[id] == nil { try? await notifications.clearWaiting(sessionId: id) }
        } else {
            try? await notifications.clearWaiting(sessionId: id)
        }
    }

    /// True if the session is currently waiting.
    public func isWaiting(_ id: String) -> Bool { waitingSince[id] != nil }

    /// Feeds a hook signal to the waiting detector.
    public func hook(_ id: String, _ signal: HookSignal) async {
        await detector.hook(id, signal)
    }

    private func displayName(_ id: String) async throws -> String {
        let view = try await SessionQueries(store: store).view(id)
        if let t = view.ticket { return t.title.isEmpty ? (t.externalId ?? t.title) : t.title }
        if let name = view.projectName { return "\(name) session" }
        return "Session \(id.prefix(8))"
    }
}
