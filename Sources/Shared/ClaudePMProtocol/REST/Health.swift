import Foundation

/// `GET /api/health` (always HTTP 200, even when degraded).
public struct Health: Sendable, Equatable, Codable {
    /// `"healthy"` or `"degraded"`.
    public var status: String
    /// Whole seconds since the server started.
    public var uptime: Int
    /// Server version, e.g. `"0.1.0"`.
    public var version: String
    /// `"connected"` or `"disconnected"`.
    public var database: String
    /// `"available"` or `"unavailable"`.
    public var tmux: String
    /// Server time.
    public var timestamp: Date
    /// claudepm extension, present only while the database does not answer: why (a healthy
    /// server's body has exactly the upstream's fields).
    public var databaseError: String?

    /// Memberwise initializer.
    public init(
        status: String, uptime: Int, version: String, database: String, tmux: String, timestamp: Date
    ) {
        self.status = status
        self.uptime = uptime
        self.version = version
        self.database = database
        self.tmux = tmux
        self.timestamp = timestamp
    }
}
