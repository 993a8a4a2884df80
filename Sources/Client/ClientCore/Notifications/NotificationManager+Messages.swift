// WebSocket message → notification, following the iOS app (protocol doc §5.1): waiting → high,
// session error → high and completed → low, review results by decision, analysis status by
// state, ticket moves → normal, `error` → urgent, server `notification` → by its (guessed) type
// plus a refetch of the server list to learn its type, session and ticket. Notifications the
// server upserts per session (waiting, analysis, errors by code) use stable local ids so a repeat
// updates instead of piling up.

import ClaudePMProtocol
import Foundation

extension NotificationManager {
    /// Applies one message from `server`'s event socket. `receivedAt` dates messages that carry
    /// no timestamp; `now` drives banner timing.
    public mutating func handle(
        _ message: ServerMessage, server: String, receivedAt: Date, now: MonotonicTime
    ) -> [NotificationAction] {
        switch message {
        case .sessionWaiting(let payload): return sessionWaiting(payload, server: server, now: now)
        case .sessionStatus(let payload): return sessionStatus(payload, server: server, now: now)
        case .reviewResult(let payload): return add(Self.review(payload, key: localKey(server, "review")), now)
        case .aiAnalysisStatus(let payload):
            let key = ClientNotification.Key(server: server, id: "local:analysis:\(payload.sessionId)")
            return add(Self.analysis(payload, key: key), now)
        case .ticketState(let payload): return add(Self.ticketMoved(payload, key: localKey(server, "ticket")), now)
        case .notification(let payload): return serverNotification(payload, server: server, now: now)
        case .error(let payload):
            let key = ClientNotification.Key(server: server, id: "local:error:\(payload.code.rawValue)")
            let notification = ClientNotification(
                key: key, title: "Error: \(payload.code.rawValue)", body: payload.message, priority: .urgent,
                category: .system, createdAt: receivedAt)
            return add(notification, now, serverDated: false)
        default:
            return []
        }
    }

    private mutating func localKey(_ server: String, _ prefix: String) -> ClientNotification.Key {
        ClientNotification.Key(server: server, id: nextLocalId(prefix))
    }

    /// Stores a notification as new and unread, and offers it for a banner. `serverDated`: its
    /// `createdAt` is the server's time (moved onto our clock here), not our own.
    mutating func add(
        _ notification: ClientNotification, _ now: MonotonicTime, serverDated: Bool = true
    ) -> [NotificationAction] {
        var fresh = notification
        if serverDated { fresh.createdAt = localTime(fresh.createdAt, server: fresh.key.server) }
        if let session = fresh.sessionKey, session == focusedSession { fresh.isRead = true }
        upsert(fresh)
        return offerBanner(fresh, now: now)
    }

    private mutating func sessionWaiting(
        _ payload: SessionWaitingPayload, server: String, now: MonotonicTime
    ) -> [NotificationAction] {
        let session = SessionKey(server: server, sessionId: payload.sessionId)
        let key = Self.waitingKey(session)
        guard payload.waiting else {
            waiting[session] = nil
            return resolveWaiting(session, now: now)
        }
        let reason = payload.reason ?? .unknown
        waiting[session] = WaitingState(
            reason: reason, since: localTime(payload.timestamp, server: server), serverSince: payload.timestamp)
        let notification = ClientNotification(
            key: key, title: "Input Required", body: waitingBody(session, reason: reason),
            priority: .high, category: .session, type: .waitingInput, sessionId: payload.sessionId,
            createdAt: payload.timestamp)
        return add(notification, now)
    }

    /// "<name>: <reason>" exactly as the server writes it (§4.4) when the session's name is known,
    /// so the server's copy that replaces it on the next merge reads the same; else generic.
    private func waitingBody(_ session: SessionKey, reason: WaitingReason) -> String {
        guard let name = sessionNames[session] else { return "Claude is waiting for input (\(reason.rawValue))" }
        return "\(name): \(reason == .question ? "Claude asked a question" : reason.rawValue)"
    }

    /// A session stopped waiting: its waiting notifications are resolved (read, no banner).
    private mutating func resolveWaiting(_ session: SessionKey, now: MonotonicTime) -> [NotificationAction] {
        var resolved: [ClientNotification.Key] = []
        for index in items.indices where items[index].sessionKey == session && items[index].type == .waitingInput {
            items[index].isRead = true
            resolved.append(items[index].key)
        }
        pendingBanners.removeAll { resolved.contains($0) }
        if let shown = banner, resolved.contains(shown.notification.key) {
            let actions = hideBanner(markRead: true, now: now)
            return withTick(actions)
        }
        return []
    }

    private mutating func sessionStatus(
        _ payload: SessionStatusPayload, server: String, now: MonotonicTime
    ) -> [NotificationAction] {
        let session = SessionKey(server: server, sessionId: payload.sessionId)
        var actions: [NotificationAction] = []
        if payload.newStatus != .running {
            waiting[session] = nil
            actions += resolveWaiting(session, now: now)
        }
        let priority: NotificationPriority
        switch payload.newStatus {
        case .error: priority = .high
        case .completed: priority = .low
        default: return actions
        }
        var body = "Session changed from \(payload.previousStatus.rawValue) to \(payload.newStatus.rawValue)"
        if let error = payload.error, !error.isEmpty { body += ": \(error)" }
        let notification = ClientNotification(
            key: ClientNotification.Key(server: server, id: "local:status:\(payload.sessionId)"),
            title: "Session Status", body: body, priority: priority, category: .session,
            sessionId: payload.sessionId, createdAt: payload.timestamp)
        return actions + add(notification, now)
    }

    private mutating func serverNotification(
        _ payload: NotificationPayload, server: String, now: MonotonicTime
    ) -> [NotificationAction] {
        let key = ClientNotification.Key(server: server, id: payload.id)
        let type = Self.typeFromTitle[payload.title]
        let style = type.map(Self.style) ?? (title: payload.title, priority: .high, category: .system)
        let known = item(key)
        var notification = ClientNotification(
            key: key, title: payload.title, body: payload.body, priority: style.priority, category: style.category,
            type: type ?? known?.type, sessionId: known?.sessionId, ticketId: known?.ticketId,
            createdAt: payload.timestamp, isOnServer: true)
        if let session = notification.sessionKey, session == focusedSession { notification.isRead = true }
        upsert(notification)
        var actions: [NotificationAction] = []
        if !duplicatesRecentWaiting(notification) { actions = offerBanner(notification, now: now) }
        return actions + [.refetchNotifications(server: server)]
    }

    /// True when a server "Input Required" notification repeats a `session:waiting` we already
    /// announced (the WebSocket message does not say which session; the refetch links them).
    private func duplicatesRecentWaiting(_ notification: ClientNotification) -> Bool {
        guard notification.type == .waitingInput else { return false }
        return items.contains { other in
            other.key.server == notification.key.server && other.key.id.hasPrefix("local:waiting:")
                && abs(other.createdAt.timeIntervalSince(notification.createdAt)) < 10
        }
    }
}
