import Foundation

/// `notification`: a notification was created or upserted (no type; re-fetch the list for it).
public struct NotificationPayload: Sendable, Equatable, Codable {
    /// Notification UUID.
    public var id: String
    /// Title derived from the type, e.g. `"Input Required"`.
    public var title: String
    /// The notification message.
    public var body: String
    /// When.
    public var timestamp: Date

    /// Memberwise initializer.
    public init(id: String, title: String, body: String, timestamp: Date) {
        self.id = id
        self.title = title
        self.body = body
        self.timestamp = timestamp
    }
}
