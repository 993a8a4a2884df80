// The embedded SQLite engine (GRDB): one database file in the data directory, WAL mode, or an
// in-memory database for tests. Its schema is GRDB's migrator in SQLiteSchema. A write that fails
// because the database cannot be written (read-only, full, an I/O error) is `StoreError.unavailable`
// (503, nothing was written) and makes the health degraded with the reason until a write succeeds:
// health then tries one itself, so it recovers as soon as the database does.
import Foundation
import GRDB
import Synchronization

/// SQLite through GRDB.
public final class SQLiteEngine: StoreEngine {
    let db: any DatabaseWriter
    /// Why the last write failed for want of a writable database; nil once one succeeds.
    private let writeFailure = Mutex<String?>(nil)

    /// Opens (creating if needed) `claudepm.sqlite` in `directory` and migrates it. A new directory
    /// is created 0700; the database and its `-wal`/`-shm` files are 0600.
    public init(directory: URL) throws {
        try DataDirectory.prepare(directory)
        let path = directory.appendingPathComponent("claudepm.sqlite").path
        try DataDirectory.restrictDatabase(at: path)
        db = try DatabasePool(path: path, configuration: Self.configuration)
        try SQLiteSchema.migrator.migrate(db)
    }

    /// An in-memory database.
    public init() throws {
        db = try DatabaseQueue(configuration: Self.configuration)
        try SQLiteSchema.migrator.migrate(db)
    }

    private static var configuration: Configuration {
        var config = Configuration()
        config.foreignKeysEnabled = true
        return config
    }

    public var dialect: SQLDialect { .sqlite }

    public func read<T>(_ body: (any StoreConnection) throws -> T) throws -> T {
        try db.read { try body(GRDBConnection(db: $0)) }
    }

    public func write<T>(_ body: (any StoreConnection) throws -> T) throws -> T {
        do {
            let value = try db.write { try body(GRDBConnection(db: $0)) }
            writeFailure.withLock { $0 = nil }
            return value
        } catch let error as DatabaseError where Self.storageFailures.contains(error.resultCode) {
            let reason = "cannot write: \(error.message ?? "SQLite error \(error.extendedResultCode.rawValue)")"
            writeFailure.withLock { $0 = reason }
            throw StoreError.unavailable(reason)
        }
    }

    /// Result codes that say the database cannot be written, rather than that a statement is wrong.
    private static let storageFailures: [ResultCode] = [
        .SQLITE_READONLY, .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_CORRUPT,
        .SQLITE_NOTADB,
    ]

    /// Connected while `SELECT 1` answers and writes work. After a failed write, a probe (the
    /// schema's `user_version` written back unchanged) says whether they work again.
    public func health() -> StoreHealth {
        let ok = (try? db.read { try Int.fetchOne($0, sql: "SELECT 1") }) == 1
        guard ok else { return StoreHealth(engine: dialect.name, connected: false, error: "SELECT 1 failed") }
        guard writeFailure.withLock({ $0 }) != nil else { return StoreHealth(engine: dialect.name, connected: true) }
        do {
            try write { db in
                let version = try db.rows("PRAGMA user_version", []).first?.int("user_version") ?? 0
                try db.execute("PRAGMA user_version = \(version)", [])
            }
            return StoreHealth(engine: dialect.name, connected: true)
        } catch {
            let reason = writeFailure.withLock { $0 } ?? "\(error)"
            return StoreHealth(engine: dialect.name, connected: false, error: reason)
        }
    }

    public func close() {}
}

/// A GRDB database handle as a `StoreConnection`.
struct GRDBConnection: StoreConnection {
    let db: Database

    var dialect: SQLDialect { .sqlite }

    func rows(_ sql: String, _ arguments: [SQLValue]) throws -> [StoreRow] {
        let statement = try db.cachedStatement(sql: sql)
        let columns = StoreColumns(statement.columnNames)
        let cursor = try Row.fetchCursor(statement, arguments: StatementArguments(arguments.map(\.grdbValue)))
        var out: [StoreRow] = []
        while let row = try cursor.next() {
            out.append(StoreRow(columns: columns, values: row.databaseValues.map(SQLValue.init(grdb:))))
        }
        return out
    }

    func execute(_ sql: String, _ arguments: [SQLValue]) throws -> Int {
        try db.execute(sql: sql, arguments: StatementArguments(arguments.map(\.grdbValue)))
        return db.changesCount
    }
}

extension SQLValue {
    /// The GRDB value (dates in GRDB's text form, booleans as integers).
    var grdbValue: DatabaseValue {
        switch self {
        case .null: .null
        case .text(let s): s.databaseValue
        case .int(let i): i.databaseValue
        case .bool(let b): b.databaseValue
        case .double(let d): d.databaseValue
        case .date(let d): d.databaseValue
        }
    }

    /// The value of a GRDB result column.
    init(grdb value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let i): self = .int(Int(i))
        case .double(let d): self = .double(d)
        case .string(let s): self = .text(s)
        case .blob(let data): self = .text(String(decoding: data, as: UTF8.self))
        }
    }
}
