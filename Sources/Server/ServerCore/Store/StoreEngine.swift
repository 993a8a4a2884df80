// The engine behind the store: SQLite (GRDB, the embedded default, in ServerCore) or PostgreSQL
// (ServerPostgres). Reads and writes are synchronous, as GRDB's are; a write is one transaction,
// and the engine serialises writers (SQLite's lock; an advisory lock across PostgreSQL servers).
import Foundation

/// The state of the database connection, for `/api/health`.
public struct StoreHealth: Sendable, Equatable {
    /// `sqlite` or `postgres`.
    public var engine: String
    /// True when the database answers.
    public var connected: Bool
    /// Why it does not, while it does not.
    public var error: String?
    /// Since when it does not answer.
    public var downSince: Date?
    /// Reconnections since the server started.
    public var reconnects: Int

    /// A health report.
    public init(engine: String, connected: Bool, error: String? = nil, downSince: Date? = nil, reconnects: Int = 0) {
        self.engine = engine
        self.connected = connected
        self.error = error
        self.downSince = downSince
        self.reconnects = reconnects
    }
}

/// A database the store can run on.
public protocol StoreEngine: Sendable {
    /// The dialect of its SQL.
    var dialect: SQLDialect { get }
    /// Runs `body` with a connection for reading.
    func read<T>(_ body: (any StoreConnection) throws -> T) throws -> T
    /// Runs `body` in one write transaction: all of it is committed, or none.
    func write<T>(_ body: (any StoreConnection) throws -> T) throws -> T
    /// Whether the database answers now (and why not).
    func health() -> StoreHealth
    /// Closes connections; the engine is unusable afterwards.
    func close()
}
