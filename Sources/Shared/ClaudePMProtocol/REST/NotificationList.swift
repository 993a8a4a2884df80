/// `GET /api/notifications`: `{"data":[…],"count":n}` where `count` is `data.count` (at most 50).
public struct NotificationList: Sendable, Equatable, Codable {
    /// Newest first.
    public var data: [NotificationItem]
    /// Number of items returned.
    public var count: Int

    /// Memberwise initializer; `count` defaults to `data.count`.
    public init(data: [NotificationItem], count: Int? = nil) {
        self.data = data
        self.count = count ?? data.count
    }
}
