/// `POST /api/projects/:id/sync-tickets`: `{"message":"Sync completed","result":{…}}`.
public struct SyncTicketsResponse: Sendable, Equatable, Codable {
    /// `"Sync completed"`.
    public var message: String
    /// Counts of the sync.
    public var result: SyncTicketsResult

    /// Memberwise initializer.
    public init(message: String = "Sync completed", result: SyncTicketsResult) {
        self.message = message
        self.result = result
    }
}
