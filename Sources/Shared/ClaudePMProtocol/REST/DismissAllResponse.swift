/// `{"dismissed": n}` (`DELETE /api/notifications`).
public struct DismissAllResponse: Sendable, Equatable, Codable {
    /// Number of rows deleted.
    public var dismissed: Int

    /// Memberwise initializer.
    public init(dismissed: Int) {
        self.dismissed = dismissed
    }
}
