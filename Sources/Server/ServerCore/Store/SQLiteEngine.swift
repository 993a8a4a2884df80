// The embedded SQLite engine (GRDB): one database file in the data directory, WAL mode, or an
// in-memory database for tests. Its schema is GRDB's migrator in SQLiteSchema.
import Foundation
import GRDB

/// SQLite through GRDB.
public final class SQLiteEngine: StoreEngine {
    let db: any DatabaseWriter

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
        try db.write { try body(GRDBConnection(db: $0)) }
    }

    public func health() -> StoreHealth {
        let ok = (try? db.read { try Int.fetchOne($0, sql: "SELECT 1") }) == 1
        return StoreHealth(engine: dialect.name, connected: ok, error: ok ? nil : "SELECT 1 failed")
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
