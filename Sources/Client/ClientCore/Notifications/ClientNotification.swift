// The client's own notification record: what the server sent (or what a WebSocket message
// implied), plus what the server does not keep: a priority, a category and the read state.

import ClaudePMProtocol
import Foundation

/// How urgent a notification is; ordered `low < normal < high < urgent` (as the iOS app).
public enum NotificationPriority: Int, Comparable, Hashable, Sendable, Codable, CaseIterable {
    /// Background information (e.g. a session completed, a report is being generated).
    case low
    /// Worth seeing (e.g. a ticket moved, a review passed).
    case normal
    /// Needs the user soon: raises a banner (e.g. a session waits for input).
    case high
    /// Needs the user now: raises a banner (e.g. errors, a review needs clarification).
    case urgent

    public static func < (lhs: NotificationPriority, rhs: NotificationPriority) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// True for the priorities that raise a banner (high and urgent).
    public var raisesBanner: Bool { self >= .high }
}

/// What a notification is about (as the iOS app's categories).
public enum NotificationCategory: String, Hashable, Sendable, Codable, CaseIterable {
    /// About a session (waiting, status).
    case session
    /// About a ticket (moves).
    case ticket
    /// A review result.
    case review
    /// AI analysis progress.
    case analysis
    /// Errors and anything else.
    case system
}

/// One notification in the client's list.
public struct ClientNotification: Equatable, Sendable, Codable, Identifiable {
    /// Identity across servers: the server name plus the notification id.
    public struct Key: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The configured server name.
        public var server: String
        /// The server's notification id, or a `local:` id for notifications made on the client.
        public var id: String

        /// Creates a key.
        public init(server: String, id: String) {
            self.server = server
            self.id = id
        }

        public var description: String { "\(server)/\(id)" }
    }

    /// The identity.
    public var key: Key
    /// A short title (e.g. "Input Required").
    public var title: String
    /// The text.
    public var body: String
    /// The client-side priority.
    public var priority: NotificationPriority
    /// The category.
    public var category: NotificationCategory
    /// The server's type, when known (WebSocket `notification` messages have none until the list
    /// is refetched; it is guessed from the title meanwhile).
    public var type: NotificationType?
    /// The session it is about, when known.
    public var sessionId: String?
    /// The ticket it is about, when known.
    public var ticketId: String?
    /// When it was created (server time; upserts reset it).
    public var createdAt: Date
    /// Whether the user has seen it.
    public var isRead: Bool
    /// True when the server stores it (so it can be deleted there).
    public var isOnServer: Bool

    /// `Identifiable` conformance.
    public var id: Key { key }

    /// The session key, when the session is known.
    public var sessionKey: SessionKey? {
        sessionId.map { SessionKey(server: key.server, sessionId: $0) }
    }

    /// Creates a notification.
    public init(
        key: Key, title: String, body: String, priority: NotificationPriority, category: NotificationCategory,
        type: NotificationType? = nil, sessionId: String? = nil, ticketId: String? = nil, createdAt: Date,
        isRead: Bool = false, isOnServer: Bool = false
    ) {
        self.key = key
        self.title = title
        self.body = body
        self.priority = priority
        self.category = category
        self.type = type
        self.sessionId = sessionId
        self.ticketId = ticketId
        self.createdAt = createdAt
        self.isRead = isRead
        self.isOnServer = isOnServer
    }
}

/// A banner on screen: one notification plus how many more arrived in the same burst.
public struct Banner: Equatable, Sendable {
    /// The notification shown.
    public var notification: ClientNotification
    /// How many other banner-worthy notifications were folded into this one ("+3 more").
    public var moreCount: Int
    /// When it appeared.
    public var shownAt: MonotonicTime
    /// When it disappears on its own (unless it is sticky).
    public var expiresAt: MonotonicTime

    /// True for a banner that stays until it is answered or dismissed: an urgent one, or a prompt
    /// waiting for its user (it goes when the session stops waiting, or a newer banner takes over).
    public var isSticky: Bool {
        notification.priority == .urgent || (notification.type == .waitingInput && notification.sessionId != nil)
    }
}

/// What a session is waiting for, from `session:waiting` (for the UI's badges).
public struct WaitingState: Equatable, Sendable, Codable {
    /// Why it waits.
    public var reason: WaitingReason
    /// Since when (on our clock).
    public var since: Date
    /// Since when on the server's clock, as it wrote it (the `session:waiting` timestamp, or the
    /// waiting notification's `created_at`), nil if unknown.
    public var serverSince: Date?

    /// Creates a value.
    public init(reason: WaitingReason, since: Date, serverSince: Date? = nil) {
        self.reason = reason
        self.since = since
        self.serverSince = serverSince
    }

    /// True when two waits are different ones by the server's times of their edges: both are
    /// known and they differ (claudepm-server dates a waiting notification with its edge).
    public static func areDifferentWaits(serverSince a: Date?, _ b: Date?) -> Bool {
        guard let a, let b else { return false }
        return a != b
    }
}

/// Commands from NotificationManager.
public enum NotificationAction: Equatable, Sendable {
    /// Fetch `GET /api/notifications` from this server and pass it to `mergeServerList`.
    case refetchNotifications(server: String)
    /// `DELETE /api/notifications/:id` on this server.
    case deleteOnServer(server: String, id: String)
    /// `DELETE /api/notifications` on this server (the user cleared all).
    case deleteAllOnServer(server: String)
    /// Show (or update) the banner.
    case showBanner(Banner)
    /// Remove the banner.
    case hideBanner
    /// Call `tick(now:)` at this time, replacing an earlier request.
    case scheduleTick(at: MonotonicTime)
}
