/// `PATCH /api/tickets/:id/title` body: `{"title"}` (3–100 characters, ad hoc tickets only).
public struct UpdateTitleRequest: Sendable, Equatable, Codable {
    /// New title.
    public var title: String

    /// Memberwise initializer.
    public init(title: String) {
        self.title = title
    }
}
