// Liveness of a terminal socket. A tmux client that is idle sends nothing, so silence alone
// proves nothing; an app-level ping every interval does, and its pong gives the round trip that
// decides whether local echo prediction is worth it. No frame for two intervals means the link
// is half-open (e.g. a laptop woke up on another network) or the server frozen: drop it and
// re-attach. The check falls due exactly when the silence reaches two intervals.

import ClaudePMProtocol

extension PTYConnectionMachine {
    mutating func heartbeat(now: MonotonicTime) -> [PTYAction] {
        guard let interval = configuration.pingInterval else { return [] }
        if now - lastFrameAt >= interval * 2 {
            return [.close(.halfOpen)] + socketClosed(code: nil, reason: "no reply for \(interval * 2)", now: now)
        }
        return probe(now: now) + [.scheduleTimer(.heartbeat, at: min(now + interval, lastFrameAt + interval * 2))]
    }

    mutating func pong(now: MonotonicTime) -> [PTYAction] {
        guard let sentAt = pingSentAt else { return [] }
        pingSentAt = nil
        let sample = now - sentAt
        let smoothed = roundTrip.map { $0.smoothed * 0.875 + sample * 0.125 } ?? sample
        let measurement = RoundTrip(last: sample, smoothed: smoothed)
        roundTrip = measurement
        return [.reportRoundTrip(measurement)]
    }
}
