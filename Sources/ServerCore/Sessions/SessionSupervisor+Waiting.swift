// Waiting state per session, fed by hooks and output patterns. Edge-triggered: an event and a
// notification only when the boolean flips, as upstream.
import Foundation

extension SessionSupervisor {
    /// Records a waiting signal; publishes `session:waiting` and updates notifications on a change.
    public func setWaiting(_ id: String, waiting: Bool, reason: String, detectedBy: String) async {
        guard (waitingState[id] ?? false) != waiting else { return }
        waitingState[id] = waiting
        let now = clock.now()
        bus.publish(.sessionWaiting(sessionId: id, waiting: waiting, reason: reason, detectedBy: detectedBy, at: now))
        if waiting {
            let text = reason == "question" ? "Claude asked a question" : reason
            let display = (try? displayName(id)) ?? "Session \(id.prefix(8))"
            _ = try? notifications.upsert(
                type: "waiting_input", message: "\(display): \(text)", sessionId: id, ticketId: nil)
        } else {
            try? notifications.clearWaiting(sessionId: id)
        }
    }

    /// True if the session is currently waiting.
    public func isWaiting(_ id: String) -> Bool { waitingState[id] ?? false }

    /// Called with every changed output snapshot.
    func outputChanged(_ id: String, lines: [String]) async {
        guard let signal = OutputPatterns.classify(lines) else { return }
        await setWaiting(id, waiting: signal.waiting, reason: signal.reason, detectedBy: "output_pattern")
    }

    private func displayName(_ id: String) throws -> String {
        let view = try SessionQueries(store: store).view(id)
        if let t = view.ticket { return t.title.isEmpty ? (t.externalId ?? t.title) : t.title }
        if let name = view.projectName { return "\(name) session" }
        return "Session \(id.prefix(8))"
    }
}
