// Notifications: the list (newest first, 50 kept), banners for high and urgent items (5 s,
// quiet for the session being looked at), banner keys, and the notification panel's actions.

import Foundation

extension AppState {
    /// How long a banner stays.
    public static let bannerDuration: TimeInterval = 5
    /// Notifications kept.
    public static let notificationLimit = 50

    /// The notification the banner shows, if any.
    public var bannerNotification: AppNotification? {
        guard let banner else { return nil }
        return notifications.first { $0.id == banner.notificationID }
    }

    mutating func receive(_ incoming: AppNotification) -> [AppEffect] {
        var item = incoming
        if item.session == nil { item.session = resolveSession(of: item) }
        if let key = item.session, item.id != Self.waitingNotificationID(key) {
            let localID = Self.waitingNotificationID(key)
            if banner?.notificationID == localID { banner?.notificationID = item.id }
            notifications.removeAll { $0.id == localID && $0.server == item.server }
        }
        notifications.removeAll { $0.id == item.id && $0.server == item.server }
        notifications.insert(item, at: 0)
        if notifications.count > Self.notificationLimit { notifications.removeLast() }
        let lookingAtIt = item.session != nil && item.session == attachedSession
        if item.priority >= .high, ui.notifyMode != .off, !lookingAtIt {
            banner = BannerState(notificationID: item.id, until: now.addingTimeInterval(Self.bannerDuration))
        }
        return []
    }

    mutating func mergeNotifications(server: String, items: [AppNotification]) {
        let known = Set(notifications.filter { $0.server == server }.map(\.id))
        let fresh = items.filter { !known.contains($0.id) }
        notifications = (notifications + fresh).sorted { $0.createdAt > $1.createdAt }
        if notifications.count > Self.notificationLimit {
            notifications.removeLast(notifications.count - Self.notificationLimit)
        }
    }

    /// Hides the banner and marks what it showed as read.
    mutating func dismissBanner() {
        if let id = banner?.notificationID { markRead(id) }
        banner = nil
    }

    mutating func markRead(_ id: String) {
        for i in notifications.indices where notifications[i].id == id { notifications[i].isRead = true }
    }

    mutating func markAllRead() {
        for i in notifications.indices { notifications[i].isRead = true }
    }

    mutating func clearNotifications() -> [AppEffect] {
        notifications.removeAll()
        banner = nil
        return [.clearNotifications]
    }

    /// Banner keys; nil when the action is not a banner action or does not apply.
    mutating func performBanner(_ action: AppAction) -> [AppEffect]? {
        guard let item = bannerNotification else { return nil }
        switch action {
        case .bannerYes, .bannerNo:
            guard let key = item.session, sessions[key]?.waiting?.isPermissionPrompt == true else { return nil }
            dismissBanner()
            return [.sendInput(key, action == .bannerYes ? "y" : "n")]
        case .bannerJump:
            guard let key = item.session else { return nil }
            dismissBanner()
            return attach(key)
        case .bannerDismiss:
            dismissBanner()
            return []
        default: return nil
        }
    }

    mutating func performNotifications(_ action: AppAction) -> [AppEffect] {
        guard case .notifications(let cursor) = overlay else { return [] }
        let count = notifications.count
        let clamped = min(cursor, max(count - 1, 0))
        switch action {
        case .down: overlay = .notifications(cursor: min(clamped + 1, max(count - 1, 0)))
        case .up: overlay = .notifications(cursor: max(clamped - 1, 0))
        case .markRead where count > 0: markRead(notifications[clamped].id)
        case .markAllRead: markAllRead()
        case .clearAll: return clearNotifications()
        case .open where count > 0:
            let item = notifications[clamped]
            markRead(item.id)
            overlay = nil
            if let key = item.session { return attach(key) }
        case .back: overlay = nil
        default: break
        }
        return []
    }
}
