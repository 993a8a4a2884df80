/// `{"page","limit","total","total_pages"}`; `total_pages` is `ceil(total/limit)` (0 when empty).
public struct Pagination: Sendable, Equatable, Codable {
    /// 1-based page number.
    public var page: Int
    /// Page size.
    public var limit: Int
    /// Total number of items.
    public var total: Int
    /// Number of pages.
    public var totalPages: Int

    /// Memberwise initializer.
    public init(page: Int, limit: Int, total: Int, totalPages: Int) {
        self.page = page
        self.limit = limit
        self.total = total
        self.totalPages = totalPages
    }

    /// Builds the pagination of page `page` of `limit` items out of `total`.
    public init(page: Int, limit: Int, total: Int) {
        let pages = limit > 0 ? (total + limit - 1) / limit : 0
        self.init(page: page, limit: limit, total: total, totalPages: pages)
    }

    enum CodingKeys: String, CodingKey {
        case page, limit, total
        case totalPages = "total_pages"
    }
}
