// The client's notification policy, pure and clock-injected:
// - every WebSocket message type becomes a notification (or not) with the iOS app's priorities;
// - the server list (`GET /api/notifications`) is merged by id without duplicates; an upsert
//   (same id re-broadcast) updates the entry and makes it unread again;
// - banners for high and urgent notifications last 5 s (urgent ones and waiting prompts stay
//   until answered or dismissed), never for the session the user is
//   looking at, and at most one new banner appears per second (a burst folds into "+N more");
// - the list is capped at 200 entries (several servers × the server's own 50), oldest dropped;
// - the waiting state of each session (reason, since) is kept for the UI's badges.

import ClaudePMProtocol
import Foundation

/// Keeps the notification list, unread counts, banners and per-session waiting state.
public struct NotificationManager: Equatable, Sendable {
    /// Tunables.
    public struct Configuration: Equatable, Sendable {
        /// The most notifications kept (oldest dropped first).
        public var capacity = 200
        /// How long a banner stays.
        public var bannerDuration: Duration = .seconds(5)
        /// The least time between two new banners.
        public var minimumBannerInterval: Duration = .seconds(1)
        /// False turns banners off (notify mode `off`); the list and counts still work.
        public var bannersEnabled = true

        /// The defaults.
        public init() {}
    }

    /// The tunables in use.
    public var configuration: Configuration
    /// Notifications, newest first.
    public internal(set) var items: [ClientNotification] = []
    /// The banner on screen, if any.
    public internal(set) var banner: Banner?
    /// Sessions currently waiting for input, with reason and since when.
    public internal(set) var waiting: [SessionKey: WaitingState] = [:]
    /// The session the user is looking at (no banners about it).
    public internal(set) var focusedSession: SessionKey?
    /// Names of sessions as the server writes them in notification bodies ("<name>: <reason>");
    /// a client-made waiting notification uses the name when it is known.
    public var sessionNames: [SessionKey: String] = [:]
    /// Each server's clock minus ours, in seconds: server timestamps are moved onto our clock
    /// before they are stored, so ages and waiting times are right on a skewed server.
    public var clockOffsets: [String: Double] = [:]
    var pendingBanners: [ClientNotification.Key] = []
    var lastBannerAt: MonotonicTime?
    var localCounter = 0

    /// Creates an empty manager.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// The number of unread notifications.
    public var unreadCount: Int { items.count { !$0.isRead } }

    /// The unread count for one server.
    public func unreadCount(server: String) -> Int {
        items.count { !$0.isRead && $0.key.server == server }
    }

    /// The notification with this key.
    public func item(_ key: ClientNotification.Key) -> ClientNotification? {
        items.first { $0.key == key }
    }

    // MARK: User actions

    /// Marks one notification read.
    public mutating func markRead(_ key: ClientNotification.Key) {
        if let index = items.firstIndex(where: { $0.key == key }) { items[index].isRead = true }
    }

    /// Marks everything read.
    public mutating func markAllRead() {
        for index in items.indices { items[index].isRead = true }
    }

    /// Removes one notification; if the server stores it, asks to delete it there too.
    public mutating func remove(_ key: ClientNotification.Key, now: MonotonicTime) -> [NotificationAction] {
        guard let index = items.firstIndex(where: { $0.key == key }) else { return [] }
        let removed = items.remove(at: index)
        pendingBanners.removeAll { $0 == key }
        var actions: [NotificationAction] = []
        if removed.isOnServer { actions.append(.deleteOnServer(server: key.server, id: key.id)) }
        if banner?.notification.key == key { actions += hideBanner(markRead: false, now: now) }
        return withTick(actions)
    }

    /// Clears the whole list (optionally one server's part) and deletes it on the servers.
    public mutating func clearAll(server: String? = nil, now: MonotonicTime) -> [NotificationAction] {
        let cleared = items.filter { server == nil || $0.key.server == server }
        let servers = Set(cleared.map(\.key.server)).union(server.map { [$0] } ?? [])
        items.removeAll { server == nil || $0.key.server == server }
        pendingBanners.removeAll { key in server == nil || key.server == server }
        var actions = servers.sorted().map { NotificationAction.deleteAllOnServer(server: $0) }
        if let shown = banner, server == nil || shown.notification.key.server == server {
            actions += hideBanner(markRead: false, now: now)
        }
        return withTick(actions)
    }

    /// Sets the session the user is looking at: its notifications count as seen, and a banner
    /// about it goes away.
    public mutating func focus(_ session: SessionKey?, now: MonotonicTime) -> [NotificationAction] {
        focusedSession = session
        guard let session else { return [] }
        for index in items.indices where items[index].sessionKey == session { items[index].isRead = true }
        let about = Set(items.filter { $0.sessionKey == session }.map(\.key))
        pendingBanners.removeAll { about.contains($0) }
        if banner?.notification.sessionKey == session {
            let actions = hideBanner(markRead: true, now: now)
            return withTick(actions)
        }
        return []
    }

    /// The user dismissed the banner (key press or click): it is marked read.
    public mutating func dismissBanner(now: MonotonicTime) -> [NotificationAction] {
        guard banner != nil else { return [] }
        let actions = hideBanner(markRead: true, now: now)
        return withTick(actions)
    }

    // MARK: Storage

    /// Inserts or updates (same key) a notification, newest first, within the capacity.
    mutating func upsert(_ notification: ClientNotification) {
        items.removeAll { $0.key == notification.key }
        if banner?.notification.key == notification.key { banner?.notification = notification }
        let index = items.firstIndex { $0.createdAt <= notification.createdAt } ?? items.endIndex
        items.insert(notification, at: index)
        if items.count > configuration.capacity {
            let dropped = items[configuration.capacity...].map(\.key)
            items.removeLast(items.count - configuration.capacity)
            pendingBanners.removeAll { dropped.contains($0) }
        }
    }

    mutating func nextLocalId(_ prefix: String) -> String {
        localCounter += 1
        return "local:\(prefix):\(localCounter)"
    }

    /// The key of the client-made notification for a waiting session (one per session, so a
    /// repeat updates it and the server's own waiting notification replaces it on merge).
    public static func waitingKey(_ session: SessionKey) -> ClientNotification.Key {
        ClientNotification.Key(server: session.server, id: "local:waiting:\(session.sessionId)")
    }
}
