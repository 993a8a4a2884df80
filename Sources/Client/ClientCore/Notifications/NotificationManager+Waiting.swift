// Rebuilding the waiting state after a reconnect. `session:waiting` is edge-triggered and not
// replayed on subscribe, so whatever changed while the socket was down would stay wrong. The
// server keeps exactly one `waiting_input` notification per waiting session and deletes it when
// the session stops waiting, so its notification list tells which sessions wait now, and its
// message ends with the reason ("<name>: permission_prompt", "<name>: Claude asked a question").
// claudepm-server dates that notification with the wait's edge, so a listed wait whose time
// differs from the one a live event told is a later wait (the first ended while the socket was
// down), not the same one.

import ClaudePMProtocol
import Foundation

extension NotificationManager {
    /// Replaces `server`'s waiting state with what its notification list implies. Call it with
    /// the list fetched after a (re)connect, next to `mergeServerList`.
    public mutating func reconcileWaiting(with list: [NotificationItem], server: String) {
        var implied: [SessionKey: WaitingState] = [:]
        for entry in list where entry.type == .waitingInput {
            guard let session = entry.session, session.status == .running else { continue }
            let key = SessionKey(server: server, sessionId: session.id)
            let state = WaitingState(
                reason: Self.waitingReason(fromMessage: entry.message),
                since: localTime(entry.createdAt, server: server), serverSince: entry.createdAt)
            if let known = waiting[key],
                !WaitingState.areDifferentWaits(serverSince: state.serverSince, known.serverSince)
            {
                implied[key] = WaitingState(
                    reason: known.reason, since: min(known.since, state.since),
                    serverSince: known.serverSince ?? state.serverSince)
            } else {
                implied[key] = state
            }
        }
        for key in waiting.keys where key.server == server { waiting[key] = nil }
        waiting.merge(implied) { _, new in new }
    }

    /// The waiting reason at the end of a server `waiting_input` message, `.unknown` if none.
    public static func waitingReason(fromMessage message: String) -> WaitingReason {
        guard let range = message.range(of: ": ", options: .backwards) else { return .unknown }
        let token = String(message[range.upperBound...]).trimmingWhitespace()
        if token == "Claude asked a question" { return .question }
        let reason = WaitingReason(rawValue: token)
        return reason.isKnown ? reason : .unknown
    }
}

extension NotificationManager {
    /// A server timestamp on our clock (the server's offset taken off; unchanged while unknown).
    public func localTime(_ serverTime: Date, server: String) -> Date {
        serverTime.addingTimeInterval(-(clockOffsets[server] ?? 0))
    }

    /// A time on our clock on `server`'s clock (its offset added; unchanged while unknown).
    public func serverTime(_ localTime: Date, server: String) -> Date {
        localTime.addingTimeInterval(clockOffsets[server] ?? 0)
    }

    /// A new estimate of `server`'s clock offset: the times taken from that server under the old
    /// one (its listed notifications, waiting since) move onto our clock under the new one. The
    /// first list after a connect lands before the first pong, so its times are moved here.
    public mutating func setClockOffset(_ offset: Double, server: String) -> TimeInterval {
        let shift = (clockOffsets[server] ?? 0) - offset
        clockOffsets[server] = offset
        guard shift != 0 else { return 0 }
        for index in items.indices where items[index].key.server == server && items[index].isOnServer {
            items[index].createdAt.addTimeInterval(shift)
        }
        for key in waiting.keys where key.server == server { waiting[key]?.since.addTimeInterval(shift) }
        return shift
    }
}
