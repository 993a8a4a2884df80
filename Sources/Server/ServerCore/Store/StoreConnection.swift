// The one interface every service query goes through: SQL with `?` placeholders and engine-neutral
// values, inside a read or a write transaction of either engine. The SQL the services write is
// the common subset of SQLite and PostgreSQL; the only dialect difference they see is `dialect`.
import Foundation

/// What differs between the engines in the services' SQL.
public struct SQLDialect: Sendable, Equatable {
    /// The engine's name, as `/api/health` reports it: `sqlite` or `postgres`.
    public var name: String
    /// The column that orders rows by insertion (SQLite's `rowid`, a `seq` identity column in PostgreSQL).
    public var sequence: String

    /// SQLite.
    public static let sqlite = SQLDialect(name: "sqlite", sequence: "rowid")
    /// PostgreSQL.
    public static let postgres = SQLDialect(name: "postgres", sequence: "seq")
}

/// A connection lent for one read or write.
public protocol StoreConnection {
    /// The engine's dialect.
    var dialect: SQLDialect { get }
    /// The rows of `sql` (placeholders `?`) with `arguments`.
    func rows(_ sql: String, _ arguments: [SQLValue]) throws -> [StoreRow]
    /// Runs `sql`; returns the number of rows it changed.
    @discardableResult
    func execute(_ sql: String, _ arguments: [SQLValue]) throws -> Int
}

/// A table row type the generic helpers can read and write.
public protocol StoredRecord: Sendable {
    /// The table.
    static var table: String { get }
    /// Every column the record stores, in the order of `values`.
    static var columns: [String] { get }
    /// The primary key.
    var id: String { get }
    /// Reads a row.
    init(row: StoreRow) throws
    /// The column values, in the order of `columns`.
    var values: [SQLValue] { get }
}

extension StoreConnection {
    /// The records of `type` matching `condition` (SQL after WHERE), optionally ordered and limited;
    /// throws when a row cannot be read (what writes and syncs build on).
    public func all<R: StoredRecord>(
        _ type: R.Type, where condition: String? = nil, _ arguments: [SQLValue] = [], orderBy: String? = nil,
        limit: Int? = nil, offset: Int = 0
    ) throws -> [R] {
        try select(type, where: condition, arguments, orderBy: orderBy, limit: limit, offset: offset)
            .map(R.init(row:))
    }

    /// As `all`, but a row that cannot be read as a record is left out and reported to
    /// `unreadable`: for what the server lists and watches, where one bad row must not hide or
    /// stop the rest.
    public func allReadable<R: StoredRecord>(
        _ type: R.Type, where condition: String? = nil, _ arguments: [SQLValue] = [], orderBy: String? = nil,
        limit: Int? = nil, offset: Int = 0, reporting unreadable: UnreadableRows
    ) throws -> [R] {
        try select(type, where: condition, arguments, orderBy: orderBy, limit: limit, offset: offset).compactMap {
            row in
            do { return try R(row: row) } catch {
                unreadable.skip(table: R.table, row: row, error: error)
                return nil
            }
        }
    }

    /// The first record of `type` matching `condition` in `orderBy` order; throws when that row
    /// cannot be read.
    public func first<R: StoredRecord>(
        _ type: R.Type, where condition: String? = nil, _ arguments: [SQLValue] = [], orderBy: String? = nil
    ) throws -> R? {
        try select(type, where: condition, arguments, orderBy: orderBy, limit: 1, offset: 0).first.map(R.init(row:))
    }

    private func select<R: StoredRecord>(
        _ type: R.Type, where condition: String?, _ arguments: [SQLValue], orderBy: String?, limit: Int?,
        offset: Int
    ) throws -> [StoreRow] {
        var sql = "SELECT * FROM \(R.table)"
        if let condition { sql += " WHERE \(condition)" }
        if let orderBy { sql += " ORDER BY \(orderBy)" }
        var args = arguments
        if let limit {
            sql += " LIMIT ? OFFSET ?"
            args += [.int(limit), .int(offset)]
        }
        return try rows(sql, args)
    }

    /// The record of `type` with primary key `id`.
    public func find<R: StoredRecord>(_ type: R.Type, id: String) throws -> R? {
        try first(type, where: "id = ?", [.text(id)])
    }

    /// The number of rows of `type` matching `condition`.
    public func count<R: StoredRecord>(
        _ type: R.Type, where condition: String? = nil, _ arguments: [SQLValue] = []
    )
        throws -> Int
    {
        var sql = "SELECT COUNT(*) AS n FROM \(R.table)"
        if let condition { sql += " WHERE \(condition)" }
        return try rows(sql, arguments).first?.int("n") ?? 0
    }

    /// Inserts `record`.
    public func insert<R: StoredRecord>(_ record: R) throws {
        let marks = Array(repeating: "?", count: R.columns.count).joined(separator: ", ")
        try execute("INSERT INTO \(R.table) (\(R.columns.joined(separator: ", "))) VALUES (\(marks))", record.values)
    }

    /// Writes every column of `record` over the row with its id; returns whether a row existed.
    @discardableResult
    public func update<R: StoredRecord>(_ record: R) throws -> Bool {
        let sets = R.columns.filter { $0 != "id" }.map { "\($0) = ?" }.joined(separator: ", ")
        var args = zip(R.columns, record.values).filter { $0.0 != "id" }.map(\.1)
        args.append(.text(record.id))
        return try execute("UPDATE \(R.table) SET \(sets) WHERE id = ?", args) > 0
    }

    /// Inserts `record`, or overwrites the row with its id.
    public func save<R: StoredRecord>(_ record: R) throws {
        if try !update(record) { try insert(record) }
    }

    /// Deletes the row of `type` with primary key `id`; returns whether one existed.
    @discardableResult
    public func delete<R: StoredRecord>(_ type: R.Type, id: String) throws -> Bool {
        try execute("DELETE FROM \(R.table) WHERE id = ?", [.text(id)]) > 0
    }

    /// Deletes the rows of `type` matching `condition`; returns how many.
    @discardableResult
    public func deleteAll<R: StoredRecord>(
        _ type: R.Type, where condition: String, _ arguments: [SQLValue] = []
    )
        throws -> Int
    {
        try execute("DELETE FROM \(R.table) WHERE \(condition)", arguments)
    }
}
