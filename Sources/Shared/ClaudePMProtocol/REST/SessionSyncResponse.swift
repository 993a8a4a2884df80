/// `POST /api/sessions/sync`.
public struct SessionSyncResponse: Sendable, Equatable, Codable {
    /// `"Synced N sessions"`.
    public var message: String
    /// Sessions whose pane is gone.
    public var orphanedSessions: [OrphanedSession]
    /// Sessions whose pane is alive.
    public var aliveSessions: [AliveSession]
    /// Sessions checked.
    public var totalChecked: Int
    /// `orphanedSessions.count`.
    public var orphanedCount: Int

    /// Memberwise initializer.
    public init(
        message: String, orphanedSessions: [OrphanedSession], aliveSessions: [AliveSession], totalChecked: Int,
        orphanedCount: Int? = nil
    ) {
        self.message = message
        self.orphanedSessions = orphanedSessions
        self.aliveSessions = aliveSessions
        self.totalChecked = totalChecked
        self.orphanedCount = orphanedCount ?? orphanedSessions.count
    }

    enum CodingKeys: String, CodingKey {
        case message
        case orphanedSessions = "orphaned_sessions"
        case aliveSessions = "alive_sessions"
        case totalChecked = "total_checked"
        case orphanedCount = "orphaned_count"
    }

    /// `{"session_id","pane_id"}`.
    public struct OrphanedSession: Sendable, Equatable, Codable {
        /// Session UUID.
        public var sessionId: String
        /// Its (dead) pane.
        public var paneId: String

        /// Memberwise initializer.
        public init(sessionId: String, paneId: String) {
            self.sessionId = sessionId
            self.paneId = paneId
        }

        enum CodingKeys: String, CodingKey {
            case sessionId = "session_id"
            case paneId = "pane_id"
        }
    }

    /// `{"session_id","pane_id","pane_title"}`.
    public struct AliveSession: Sendable, Equatable, Codable {
        /// Session UUID.
        public var sessionId: String
        /// Its pane.
        public var paneId: String
        /// The pane title (`null` on the wire when nil).
        public var paneTitle: String?

        /// Memberwise initializer.
        public init(sessionId: String, paneId: String, paneTitle: String?) {
            self.sessionId = sessionId
            self.paneId = paneId
            self.paneTitle = paneTitle
        }

        enum CodingKeys: String, CodingKey {
            case sessionId = "session_id"
            case paneId = "pane_id"
            case paneTitle = "pane_title"
        }

        /// Encodes all three keys.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(sessionId, forKey: .sessionId)
            try c.encode(paneId, forKey: .paneId)
            try c.encode(paneTitle, forKey: .paneTitle)
        }
    }
}
