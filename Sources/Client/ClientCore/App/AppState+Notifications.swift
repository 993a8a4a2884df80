// Notifications: AppState drives ClientCore's NotificationManager (the one policy: priorities,
// banners with rate limit and "+N more", capacity, upserts, read state) with the model's
// monotonic clock, and turns its commands into effects. Here: banner keys, the panel's actions,
// and the session the user is attached to (no banners about it, its notifications count as seen).

import Foundation

extension AppState {
    /// The effects for the manager's commands (banner and tick commands need none: the views read
    /// `banner`, and the runtime asks for `nextTimer`).
    static func effects(_ actions: [NotificationAction]) -> [AppEffect] {
        actions.compactMap { action in
            switch action {
            case .refetchNotifications(let server): .network(.refetchNotifications(server: server))
            case .deleteOnServer(let server, let id): .network(.deleteNotification(server: server, id: id))
            case .deleteAllOnServer(let server): .network(.clearNotifications(server: server))
            case .showBanner, .hideBanner, .scheduleTick: nil
            }
        }
    }

    /// Keeps the manager's focused session in step with the attached session.
    mutating func syncNotificationFocus() -> [AppEffect] {
        guard notifications.focusedSession != attachedSession else { return [] }
        return Self.effects(notifications.focus(attachedSession, now: clock))
    }

    /// The running session of the banner, when it is not the attached one (the jump key's target
    /// while attached).
    public var bannerJumpTarget: SessionKey? {
        guard let key = banner?.notification.sessionKey, key != attachedSession, sessions[key]?.isLive == true
        else { return nil }
        return key
    }

    /// Hides the banner and marks what it showed as read.
    mutating func dismissBanner() -> [AppEffect] {
        Self.effects(notifications.dismissBanner(now: clock))
    }

    /// Clears every notification, but a read-only server's (`clearWritableNotifications`).
    mutating func clearNotifications() -> [AppEffect] {
        clearWritableNotifications()
    }

    /// Banner keys; nil when the action is not a banner action. While a banner shows, y/n are
    /// its own (`answerBanner`) and never fall through to the selected row.
    mutating func performBanner(_ action: AppAction) -> [AppEffect]? {
        guard let item = banner?.notification else { return nil }
        switch action {
        case .bannerYes, .bannerNo:
            guard let banner else { return nil }
            return answerBanner(banner, allow: action == .bannerYes)
        case .bannerJump:
            guard let key = item.sessionKey else { return nil }
            return dismissBanner() + attach(key)
        case .bannerDismiss:
            return dismissBanner()
        case .rewind:
            guard let key = item.sessionKey else { return nil }
            return openRewind(key, at: item.createdAt)
        default: return nil
        }
    }

    /// An action in the panel: `NotificationManager.reducePanel`, then its step.
    mutating func performNotifications(_ action: AppAction) -> [AppEffect] {
        guard case .notifications(let cursor) = overlay else { return [] }
        switch notifications.reducePanel(action, cursor: cursor) {
        case .focus(let row): overlay = .notifications(cursor: row)
        case .close: overlay = nil
        case .clearAll: return clearNotifications()
        case .open(let key):
            overlay = nil
            if let key { return attach(key) }
        }
        return []
    }
}
