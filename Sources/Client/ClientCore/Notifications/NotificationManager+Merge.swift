// Merging `GET /api/notifications` (at most 50, newest first, no read flag) into the list.
// Same id → update in place (an upsert on the server resets created_at, which makes it unread
// again); a listed waiting notification replaces the client's own one for that session; stored
// notifications the server no longer lists were resolved there (e.g. the session stopped waiting,
// the ticket was approved) and are marked read rather than silently dropped.

import ClaudePMProtocol
import Foundation

extension NotificationManager {
    /// The server returns at most this many notifications.
    public static let serverListLimit = 50

    /// Merges `server`'s list. With `bannersForNew`, notifications not seen before may raise a
    /// banner (off by default: at start-up old notifications should not flash by).
    public mutating func mergeServerList(
        _ list: [NotificationItem], server: String, now: MonotonicTime, bannersForNew: Bool = false
    ) -> [NotificationAction] {
        var actions: [NotificationAction] = []
        for entry in list {
            var merged = Self.fromServer(entry, server: server)
            merged.createdAt = localTime(entry.createdAt, server: server)
            if let known = item(merged.key) {
                let upsertedSince = merged.createdAt.timeIntervalSince(known.createdAt) > 2
                merged.isRead = known.isRead && !upsertedSince
            }
            if let sessionId = entry.session?.id, entry.type == .waitingInput {
                let local = Self.waitingKey(SessionKey(server: server, sessionId: sessionId))
                if let shadow = item(local) {
                    merged.isRead = merged.isRead || shadow.isRead
                    items.removeAll { $0.key == local }
                    pendingBanners.removeAll { $0 == local }
                    if banner?.notification.key == local { banner?.notification = merged }
                }
            }
            if let session = merged.sessionKey, session == focusedSession { merged.isRead = true }
            let isNew = item(merged.key) == nil
            upsert(merged)
            if isNew && bannersForNew { actions += offerBanner(merged, now: now) }
        }
        markUnlistedRead(list, server: server)
        return withTick(actions)
    }

    private mutating func markUnlistedRead(_ list: [NotificationItem], server: String) {
        let listed = Set(list.map(\.id))
        let oldest = list.map(\.createdAt).min()
        let complete = list.count < Self.serverListLimit
        for index in items.indices {
            let entry = items[index]
            guard entry.key.server == server, entry.isOnServer, !listed.contains(entry.key.id) else { continue }
            if complete || oldest.map({ entry.createdAt >= $0 }) == true {
                items[index].isRead = true
            }
        }
    }
}
