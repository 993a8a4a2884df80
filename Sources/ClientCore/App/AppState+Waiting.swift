// Waiting sessions as notifications. `session:waiting` reaches only subscribers and carries the
// session; the server's `notification` reaches everyone but carries no session id (protocol
// §3.5, §4.4: its body is "<display>: <reason>"). So a waiting session raises its own local
// notification (id `local:waiting:<session id>`, the id NotificationManager uses too, so the two
// never pile up), and a server notification without a session is matched to the waiting session
// it describes; the match replaces the local one. That is what lets `y`/`n` answer from a banner.

import Foundation

extension AppState {
    /// The id of the local notification for a waiting session.
    public static func waitingNotificationID(_ key: SessionKey) -> String { "local:waiting:\(key.sessionId)" }

    /// The name the server uses for a session in notification bodies (§4.4).
    static func serverDisplayName(_ session: AppSession) -> String {
        if let title = session.ticketTitle, !title.isEmpty { return title }
        if let key = session.ticketKey, !key.isEmpty { return key }
        if !session.projectName.isEmpty { return "\(session.projectName) session" }
        return "Session \(session.key.sessionId.prefix(8))"
    }

    /// Raises (or, when waiting ends, retires) the local notification of a waiting session.
    mutating func noteWaiting(_ key: SessionKey, waiting: Bool, reason: String) -> [AppEffect] {
        let id = Self.waitingNotificationID(key)
        guard waiting, let session = sessions[key] else {
            markRead(id)
            if banner?.notificationID == id { banner = nil }
            return []
        }
        let body = "\(Self.serverDisplayName(session)): \(reason.replacingOccurrences(of: "_", with: " "))"
        let item = AppNotification(
            id: id, server: key.server, title: "Input Required", body: body, priority: .high, session: key,
            createdAt: now)
        return receive(item)
    }

    /// The waiting session a server notification without a session id is about, if it is clear.
    func resolveSession(of item: AppNotification) -> SessionKey? {
        let waiting = sessions.values.filter { $0.key.server == item.server && $0.waiting != nil }
        let named = waiting.filter { item.body.hasPrefix(Self.serverDisplayName($0) + ":") }
        if named.count == 1 { return named[0].key }
        if named.isEmpty, waiting.count == 1, item.title == "Input Required" { return waiting[0].key }
        return nil
    }
}
