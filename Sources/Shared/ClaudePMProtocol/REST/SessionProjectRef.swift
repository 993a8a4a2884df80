/// The `project` reference inside a session: `{"id","name"}`.
public struct SessionProjectRef: Sendable, Equatable, Codable {
    /// Project UUID.
    public var id: String
    /// Project name.
    public var name: String

    /// Memberwise initializer.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
