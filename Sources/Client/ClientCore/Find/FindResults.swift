// What one run of the search across every session's scrollback found.

/// The hits for one query, newest first within each session, sessions in list order.
public struct FindResults: Hashable, Sendable {
    /// The query the hits are for.
    public var query: String
    /// The hits kept (at most `FindResults.keptLimit`).
    public var hits: [FindHit]
    /// Every match found, including those not kept.
    public var total: Int
    /// Sessions whose history was searched (those with a screen on this client).
    public var searched: Int
    /// Live sessions shown in the list (what could be searched).
    public var live: Int
    /// Sessions whose history is still being read (the next results will include them).
    public var pending: Int

    /// Hits kept per run: more than a screen shows, few enough to hold and draw at once.
    public static let keptLimit = 500

    /// Results.
    public init(query: String, hits: [FindHit], total: Int, searched: Int, live: Int, pending: Int = 0) {
        self.query = query
        self.hits = hits
        self.total = total
        self.searched = searched
        self.live = live
        self.pending = pending
    }
}
