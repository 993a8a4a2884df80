// Messages from a server's event socket and notification lists. Each message updates the
// session and board facts it carries, then goes to the NotificationManager (which decides what
// becomes a notification and a banner); waiting changes also drive the TriageQueue.
// `session:waiting` is edge-triggered and not replayed on (re)connect, so a resync list (the
// server keeps one `waiting_input` notification per waiting session) resets who is waiting.

import ClaudePMProtocol
import Foundation

extension AppState {
    /// The name the server uses for a session in notification bodies (§4.4).
    static func serverDisplayName(_ session: AppSession) -> String {
        if let title = session.ticketTitle, !title.isEmpty { return title }
        if let key = session.ticketKey, !key.isEmpty { return key }
        if !session.projectName.isEmpty { return "\(session.projectName) session" }
        return "Session \(session.key.sessionId.prefix(8))"
    }

    mutating func receive(_ message: ServerMessage, server: String, receivedAt: Date) -> [AppEffect] {
        var effects: [AppEffect] = []
        switch message {
        case .sessionWaiting(let payload):
            let key = SessionKey(server: server, sessionId: payload.sessionId)
            if let session = sessions[key] { notifications.sessionNames[key] = Self.serverDisplayName(session) }
            effects = updateWaiting(
                key, waiting: payload.waiting, reason: payload.reason ?? .unknown, at: receivedAt,
                serverAt: payload.timestamp)
        case .sessionStatus(let payload):
            let key = SessionKey(server: server, sessionId: payload.sessionId)
            liveHeard.sessions[key] = .init(at: receivedAt, value: AppSessionStatus(payload.newStatus))
            updateStatus(key, AppSessionStatus(payload.newStatus))
        case .sessionContext(let payload):
            let key = SessionKey(server: server, sessionId: payload.sessionId)
            sessions[key]?.contextPercent = Int(payload.contextPercent.rounded())
            sessions[key]?.updatedAt = now
        case .sessionsPushing:
            updateServer(server) { $0.pushesSessions = true }
        case .sessionsChanged:
            effects = sessionListChanged(server: server)
        case .ticketState(let payload):
            let column = BoardColumn(payload.newState)
            liveHeard.tickets[TicketTarget(server: server, ticketID: payload.ticketId)] = .init(
                at: receivedAt, value: column)
            moveTicket(server: server, id: payload.ticketId, to: column)
        case .notification, .aiAnalysisStatus, .reviewResult, .error:
            break  // the notification policy below turns these into notifications
        case .agentSnapshot, .agentUpdate, .agentRemoved, .sessionOutput, .subscribed, .unsubscribed, .pong,
            .ptyAttached, .ptyDetached, .ptyOutput, .ptySnapshot, .ptyExit, .unknown:
            break  // not the model's: the runtime drops them before they become events (ServerEventMapper)
        }
        let actions = notifications.handle(message, server: server, receivedAt: receivedAt, now: clock)
        return effects + Self.effects(actions)
    }

    /// The server says its session list changed: fetched now, or once the link's resync is done.
    private mutating func sessionListChanged(server name: String) -> [AppEffect] {
        guard server(name)?.link == .online else {
            updateServer(name) { $0.listChangedBeforeOnline = true }
            return []
        }
        return [.network(.refreshSessions(server: name))]
    }

    mutating func updateStatus(_ key: SessionKey, _ status: AppSessionStatus) {
        sessions[key]?.status = status
        sessions[key]?.updatedAt = now
        guard status != .running else { return }
        sessions[key]?.waiting = nil
        triage.queue.remove(key)
    }

    /// Merges a server's notification list; a resync list also resets who is waiting there.
    mutating func loadNotifications(server: String, items: [NotificationItem], resync: Bool) -> [AppEffect] {
        let effects = Self.effects(notifications.mergeServerList(items, server: server, now: clock))
        guard resync else { return effects }
        notifications.reconcileWaiting(with: items, server: server)
        let waiting = notifications.waiting.filter { $0.key.server == server }
        triage.queue.sync(server: server, waiting: waiting)
        for key in sessions.keys where key.server == server {
            guard let state = waiting[key], sessions[key]?.isLive == true else {
                sessions[key]?.waiting = nil
                continue
            }
            let kept = sessions[key]?.waiting
            sessions[key]?.waiting = .continuing(
                kept, reason: state.reason.rawValue, since: state.since, serverSince: state.serverSince)
        }
        return effects
    }

    private mutating func updateWaiting(
        _ key: SessionKey, waiting: Bool, reason: WaitingReason, at date: Date, serverAt: Date
    ) -> [AppEffect] {
        guard var session = sessions[key] else { return [] }
        let since = session.waiting?.since ?? date
        session.waiting =
            waiting ? .continuing(session.waiting, reason: reason.rawValue, since: date, serverSince: serverAt) : nil
        session.updatedAt = now
        sessions[key] = session
        triage.queue.update(key, waiting: waiting && session.isLive, reason: reason, since: since)
        guard waiting, ui.notifyMode == .bell || ui.notifyMode == .osc else { return [] }
        guard !seesAlertsInPlace || alertWhenFocused, attachedSession != key else { return [] }
        let body = "\(session.displayName): \(reason.rawValue.replacingOccurrences(of: "_", with: " "))"
        return [.alertOuterTerminal(title: "claudepm", body: body, desktop: ui.notifyMode == .osc)]
    }

    /// True when the user is known to be looking at this client: a focus report said so. With no
    /// report ever received, focus is unknown and outer-terminal alerts go out (for sessions other
    /// than the attached one), since the user may well be elsewhere.
    var seesAlertsInPlace: Bool { focusReported && focused }
}
