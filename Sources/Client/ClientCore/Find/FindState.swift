// The find overlay (`f` on the wall): a query typed incrementally, the runtime's results for it,
// and the focused hit.

/// The search across every session's scrollback, while its overlay is open.
public struct FindState: Hashable, Sendable {
    /// What is typed.
    public var query: String
    /// The runtime's latest results (for `query`, or for an earlier query until they come).
    public var results: FindResults?
    /// The focused hit (an index into `results.hits`).
    public var cursor: Int

    /// Sessions watched for the search beyond the visible tiles, in list order: a bound on the
    /// streams one overlay opens on a fleet of thousands of sessions.
    public static let watchLimit = 64

    /// A find overlay with `query` typed.
    public init(query: String = "", results: FindResults? = nil, cursor: Int = 0) {
        self.query = query
        self.results = results
        self.cursor = cursor
    }

    /// The focused hit, if any.
    public var focused: FindHit? {
        guard let hits = results?.hits, hits.indices.contains(cursor) else { return nil }
        return hits[cursor]
    }
}
