/// `POST /api/projects/:id/adhoc-tickets` body: `{"title","slug","isExplore"?}`.
/// Note the camelCase `isExplore`: upstream ignores a snake_case `is_explore`.
public struct CreateAdhocTicketRequest: Sendable, Equatable, Codable {
    /// 3–100 characters.
    public var title: String
    /// 3–50 characters matching `^[a-z0-9]+(-[a-z0-9]+)*$`.
    public var slug: String
    /// Research-only ticket; omitted when nil (server default false).
    public var isExplore: Bool?

    /// Memberwise initializer.
    public init(title: String, slug: String, isExplore: Bool? = nil) {
        self.title = title
        self.slug = slug
        self.isExplore = isExplore
    }
}
