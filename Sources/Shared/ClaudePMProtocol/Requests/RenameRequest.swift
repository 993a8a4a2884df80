/// `PATCH /api/sessions/:id/rename` body: `{"name"}` (1–100 characters).
public struct RenameRequest: Sendable, Equatable, Codable {
    /// New pane name.
    public var name: String

    /// Memberwise initializer.
    public init(name: String) {
        self.name = name
    }
}
