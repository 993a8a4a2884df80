// The server's store: the engine it runs on (embedded SQLite by default, PostgreSQL with
// `--database postgres://…`) and the host whose sessions this server owns when several servers
// share one database.
import Foundation
import Logging

/// The server's persistent store.
public final class Store: Sendable {
    /// The database engine.
    public let engine: any StoreEngine
    /// The host this server runs on: it owns the sessions (and serves the ticket files of the
    /// projects) recorded under this name.
    public let host: String
    /// Where the rows its lists leave out are reported (the server's log).
    public let unreadable: UnreadableRows

    /// A store over `engine`, owning the rows of `host`; rows left out of lists go to `logger`.
    public init(engine: any StoreEngine, host: String = Store.defaultHost, logger: Logger = Store.logger) {
        self.engine = engine
        self.host = host
        unreadable = UnreadableRows(logger: logger)
    }

    /// The SQLite store in `directory` (`claudepm.sqlite`), created and migrated as needed.
    public convenience init(directory: URL, host: String = Store.defaultHost, logger: Logger = Store.logger) throws {
        self.init(engine: try SQLiteEngine(directory: directory), host: host, logger: logger)
        try adoptUnownedRows()
    }

    /// The logger of a store given none.
    public static var logger: Logger { Logger(label: "claudepm.store") }

    /// An in-memory SQLite store, for tests.
    public convenience init() throws {
        self.init(engine: try SQLiteEngine())
    }

    /// This machine's host name.
    public static var defaultHost: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }

    /// The engine's dialect.
    public var dialect: SQLDialect { engine.dialect }

    /// Runs `body` with a connection for reading.
    public func read<T>(_ body: (any StoreConnection) throws -> T) throws -> T { try engine.read(body) }

    /// Runs `body` in one write transaction; returns what `body` returns.
    @discardableResult
    public func write<T>(_ body: (any StoreConnection) throws -> T) throws -> T { try engine.write(body) }

    /// Runs `body` with a connection for reading, off the Swift concurrency pool (the store's
    /// calls block their thread: a pool of two threads on two cores must not wait on a disk or a
    /// database round trip), on threads of the store's own (`BlockingWorkers`).
    public func read<T: Sendable>(_ body: @escaping @Sendable (any StoreConnection) throws -> T) async throws -> T {
        try await BlockingWorkers.store.run { try self.engine.read(body) }
    }

    /// Runs `body` in one write transaction, off the Swift concurrency pool.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (any StoreConnection) throws -> T) async throws -> T {
        try await BlockingWorkers.store.run { try self.engine.write(body) }
    }

    /// Rows written before hosts were recorded (a SQLite file from an earlier version, which only
    /// one server ever used) belong to this host.
    func adoptUnownedRows() throws {
        try write { db in
            try db.execute("UPDATE sessions SET host = ? WHERE host = ''", [.text(host)])
            try db.execute("UPDATE projects SET host = ? WHERE host = ''", [.text(host)])
        }
    }
}
