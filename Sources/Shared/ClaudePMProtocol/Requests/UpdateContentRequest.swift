/// `PUT /api/tickets/:id/content` body: `{"content"}` (at most 100,000 characters).
public struct UpdateContentRequest: Sendable, Equatable, Codable {
    /// New markdown.
    public var content: String

    /// Memberwise initializer.
    public init(content: String) {
        self.content = content
    }
}
