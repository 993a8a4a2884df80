// A notification as the banner and the list show it. Priority (`NotificationPriority`, shared
// with `NotificationManager`) is a client concept: the server has none (protocol §5.2).

import Foundation

/// One notification.
public struct AppNotification: Hashable, Sendable {
    /// The id (server id, or a local one).
    public var id: String
    /// The server it came from.
    public var server: String
    /// Title ("Input Required").
    public var title: String
    /// Body.
    public var body: String
    /// Priority.
    public var priority: NotificationPriority
    /// The session it is about, if any.
    public var session: SessionKey?
    /// When it was created.
    public var createdAt: Date
    /// Read flag.
    public var isRead: Bool

    /// Creates a notification.
    public init(
        id: String, server: String, title: String, body: String, priority: NotificationPriority,
        session: SessionKey? = nil, createdAt: Date, isRead: Bool = false
    ) {
        self.id = id
        self.server = server
        self.title = title
        self.body = body
        self.priority = priority
        self.session = session
        self.createdAt = createdAt
        self.isRead = isRead
    }
}

/// The banner currently shown.
public struct BannerState: Hashable, Sendable {
    /// The notification shown.
    public var notificationID: String
    /// When the banner goes away by itself.
    public var until: Date

    /// Creates a banner.
    public init(notificationID: String, until: Date) {
        self.notificationID = notificationID
        self.until = until
    }
}

/// Relative times for humans: "now", "42s ago", "2m ago", "3h ago", "5d ago".
public enum RelativeTime {
    /// `date` relative to `now`.
    public static func ago(_ date: Date, now: Date) -> String {
        "\(short(now.timeIntervalSince(date))) ago".replacingOccurrences(of: "now ago", with: "now")
    }

    /// A compact duration: "now", "42s", "2m", "3h", "5d".
    public static func short(_ interval: TimeInterval) -> String {
        let s = Int(max(interval, 0))
        switch s {
        case ..<1: return "now"
        case ..<60: return "\(s)s"
        case ..<3600: return "\(s / 60)m"
        case ..<86400: return "\(s / 3600)h"
        default: return "\(s / 86400)d"
        }
    }
}
