/// `{"success": true}` (`DELETE /api/notifications/:id`).
public struct SuccessResponse: Sendable, Equatable, Codable {
    /// Always true on success.
    public var success: Bool

    /// Memberwise initializer.
    public init(success: Bool = true) {
        self.success = success
    }
}
