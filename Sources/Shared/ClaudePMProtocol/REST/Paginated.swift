/// A page of results: `{"data":[…],"pagination":{…}}` (projects and tickets lists).
public struct Paginated<Element: Sendable & Equatable & Codable>: Sendable, Equatable, Codable {
    /// The items of this page.
    public var data: [Element]
    /// Paging information.
    public var pagination: Pagination

    /// Memberwise initializer.
    public init(data: [Element], pagination: Pagination) {
        self.data = data
        self.pagination = pagination
    }
}
