// A row read from either engine: the values of one result row by column name, with typed
// accessors that accept each engine's representation (SQLite keeps booleans as integers and dates
// as text; PostgreSQL has real booleans and timestamps).
import Foundation
import GRDB

/// The column names of one result set, shared by its rows.
public final class StoreColumns: Sendable {
    let index: [String: Int]

    /// Columns in result order.
    public init(_ names: [String]) {
        var index: [String: Int] = [:]
        for (i, n) in names.enumerated() where index[n] == nil { index[n] = i }
        self.index = index
    }
}

/// One result row.
public struct StoreRow: Sendable {
    let columns: StoreColumns
    let values: [SQLValue]

    /// A row of `values` under `columns`.
    public init(columns: StoreColumns, values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    /// The raw value of `column` (`.null` when absent).
    public subscript(_ column: String) -> SQLValue {
        guard let i = columns.index[column], i < values.count else { return .null }
        return values[i]
    }

    /// A text column; throws when it is null or not text.
    public func string(_ column: String) throws -> String {
        guard let s = optionalString(column) else { throw StoreError.badColumn(column) }
        return s
    }

    /// A nullable text column.
    public func optionalString(_ column: String) -> String? {
        switch self[column] {
        case .text(let s): s
        case .int(let i): String(i)
        default: nil
        }
    }

    /// An integer column (0 when null). A real number is cut toward zero; NaN, an infinity or one
    /// beyond Int's range reads as 0 (SQLite keeps such a value as REAL even in an INTEGER column,
    /// and converting it would trap).
    public func int(_ column: String) -> Int {
        switch self[column] {
        case .int(let i): i
        case .double(let d): Int(exactly: d.rounded(.towardZero)) ?? 0
        case .bool(let b): b ? 1 : 0
        case .text(let s): Int(s) ?? 0
        default: 0
        }
    }

    /// A boolean column (integer in SQLite).
    public func bool(_ column: String) -> Bool {
        switch self[column] {
        case .bool(let b): b
        case .int(let i): i != 0
        default: false
        }
    }

    /// A date column; throws when it is null or unreadable.
    public func date(_ column: String) throws -> Date {
        guard let d = optionalDate(column) else { throw StoreError.badColumn(column) }
        return d
    }

    /// A nullable date column (text in SQLite, in GRDB's `yyyy-MM-dd HH:mm:ss.SSS` UTC form).
    public func optionalDate(_ column: String) -> Date? {
        switch self[column] {
        case .date(let d): d
        case .text(let s): Date.fromDatabaseValue(s.databaseValue)
        case .double(let t): Date(timeIntervalSince1970: t)
        case .int(let t): Date(timeIntervalSince1970: Double(t))
        default: nil
        }
    }
}
