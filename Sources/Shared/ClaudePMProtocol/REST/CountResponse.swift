/// `{"count": n}` (`GET /api/notifications/count`).
public struct CountResponse: Sendable, Equatable, Codable {
    /// The count.
    public var count: Int

    /// Memberwise initializer.
    public init(count: Int) {
        self.count = count
    }
}
