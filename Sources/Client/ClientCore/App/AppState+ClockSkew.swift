// A server's clock offset changed (a pong gave a better estimate; the first one after a connect
// lands after that connect's resync): the times the model took from that server move with it.

import Foundation

extension AppState {
    /// Moves `server`'s listed times by `seconds` onto our clock: each session's update time
    /// (unless a live event set it, on our clock) and waiting since, and the triage order.
    mutating func moveServerTimes(_ server: String, by seconds: TimeInterval) {
        guard seconds != 0 else { return }
        for key in sessions.keys where key.server == server {
            if liveHeard.sessions[key] == nil { sessions[key]?.updatedAt.addTimeInterval(seconds) }
            sessions[key]?.waiting?.since.addTimeInterval(seconds)
        }
        triage.queue.moveTimes(server: server, by: seconds)
    }
}
