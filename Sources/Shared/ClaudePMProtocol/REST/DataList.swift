/// A list wrapped as `{"data":[…]}` (ticket prefixes, ticket history).
public struct DataList<Element: Sendable & Equatable & Codable>: Sendable, Equatable, Codable {
    /// The items.
    public var data: [Element]

    /// Memberwise initializer.
    public init(data: [Element]) {
        self.data = data
    }
}
