// Lists against live events. A session list or ticket list is what the server said when it was
// asked; a live `session:status` or `ticket:state` received after the request went out may be
// newer, so it wins over the list for that session or ticket (a resync after a reconnect, or the
// periodic session refresh, no longer overwrites a move that arrived meanwhile). The value kept is
// the one the event gave, so it holds also for a session or ticket that was not listed yet when
// the event came (the board's first list, asked for over a slow link). A later change always
// comes as a live event of its own, so keeping the live value converges. Marks older than the
// request are no longer needed and are dropped.
import Foundation

extension AppState {
    /// `list` with the status of each session whose live status arrived after `requestedAt`.
    mutating func keepingLiveStatus(_ list: [AppSession], server: String, requestedAt: Date?) -> [AppSession] {
        guard let requestedAt else { return list }
        liveHeard.sessions = liveHeard.sessions.filter { $0.key.server != server || $0.value.at > requestedAt }
        guard !liveHeard.sessions.isEmpty else { return list }
        return list.map { session in
            guard let heard = liveHeard.sessions[session.key] else { return session }
            var kept = session
            kept.status = heard.value
            if !kept.isLive { kept.waiting = nil }
            return kept
        }
    }

    /// `list` with the column of each ticket whose live state arrived after `requestedAt`.
    mutating func keepingLiveState(_ list: [AppTicket], server: String, requestedAt: Date?) -> [AppTicket] {
        guard let requestedAt else { return list }
        liveHeard.tickets = liveHeard.tickets.filter { $0.key.server != server || $0.value.at > requestedAt }
        guard !liveHeard.tickets.isEmpty else { return list }
        return list.map { ticket in
            guard let heard = liveHeard.tickets[TicketTarget(server: server, ticketID: ticket.id)] else {
                return ticket
            }
            var kept = ticket
            kept.state = heard.value
            return kept
        }
    }
}
