// A statement PostgreSQL refused (a constraint, a type, a syntax error…): what the server said,
// readable in logs, unlike postgres-nio's deliberately generic PSQLError description. Connection
// failures are not statement errors: they surface as StoreError.unavailable.
import Foundation
import PostgresNIO

/// A statement failed on a working connection.
public struct PostgresStatementError: Error, Sendable, CustomStringConvertible {
    /// The SQLSTATE code (`23505` a unique violation, `23503` a foreign key…), when the server sent one.
    public let sqlState: String?
    /// The server's message, or postgres-nio's error code.
    public let message: String
    /// The statement, as the services wrote it (with `?` placeholders; never the values).
    public let sql: String

    /// A statement error from what the server or postgres-nio reported.
    public init(sqlState: String?, message: String, sql: String) {
        self.sqlState = sqlState
        self.message = message
        self.sql = sql
    }

    /// The error `error` raised by `sql`.
    init(_ error: any Error, sql: String) {
        if let psql = error as? PSQLError, let info = psql.serverInfo {
            sqlState = info[.sqlState]
            var message = info[.message] ?? "server error"
            if let detail = info[.detail] { message += " (\(detail))" }
            self.message = message
        } else {
            sqlState = nil
            message = PostgresFailure.describe(error)
        }
        self.sql = sql
    }

    /// True for a unique or primary-key violation.
    public var isUniqueViolation: Bool { sqlState == "23505" }

    /// The SQLSTATE, the server's message and the statement.
    public var description: String {
        "PostgreSQL error\(sqlState.map { " \($0)" } ?? ""): \(message) in: \(sql)"
    }
}
