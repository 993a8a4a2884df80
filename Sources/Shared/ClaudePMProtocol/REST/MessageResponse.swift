/// `{"message": "…"}` (stop, input, keys, rename, scroll, ticket delete).
public struct MessageResponse: Sendable, Equatable, Codable {
    /// Human-readable result, e.g. `"Session stopped successfully"`.
    public var message: String

    /// Memberwise initializer.
    public init(message: String) {
        self.message = message
    }
}
