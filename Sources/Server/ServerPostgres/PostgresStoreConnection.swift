// The connection PostgresEngine lends to one read or write body: runs each statement synchronously
// on the engine's PostgreSQL connection (placeholders translated, values bound by type, rows
// decoded by column type) and remembers whether the connection was lost under it, so that the
// engine can tell a lost connection from a statement error even when the body swallowed the error.
// A statement unanswered for 30 s (by default) counts as a lost connection.
import Foundation
import Logging
import NIOCore
import PostgresNIO
import ServerCore

/// A `StoreConnection` over the engine's connection, for the duration of one body.
final class PostgresStoreConnection: StoreConnection {
    /// How long a statement may go unanswered (by default) before its connection is taken for
    /// lost and closed: far longer than any statement of the services, or a writer waiting for
    /// another server's transaction, should take.
    static let defaultDeadline = TimeAmount.seconds(30)
    private let deadline: TimeAmount

    let connection: PostgresConnection
    private let logger: Logger
    /// Told when a statement finds the connection lost (marks the engine down).
    private let onLoss: (PostgresConnection, String) -> Void
    /// Why the connection was lost during this body, or nil.
    private(set) var lostReason: String?
    /// Statements sent on this connection so far.
    private(set) var statementsSent = 0

    init(
        connection: PostgresConnection, logger: Logger, deadline: TimeAmount,
        onLoss: @escaping (PostgresConnection, String) -> Void
    ) {
        self.connection = connection
        self.logger = logger
        self.deadline = deadline
        self.onLoss = onLoss
    }

    var dialect: SQLDialect { .postgres }

    func rows(_ sql: String, _ arguments: [SQLValue]) throws -> [StoreRow] {
        let result = try run(sql, arguments)
        guard let first = result.rows.first else { return [] }
        let columns = StoreColumns(first.map(\.columnName))
        return try result.rows.map { row in
            StoreRow(columns: columns, values: try row.map(SQLValue.init(cell:)))
        }
    }

    @discardableResult
    func execute(_ sql: String, _ arguments: [SQLValue]) throws -> Int {
        try run(sql, arguments).metadata.rows ?? 0
    }

    /// Runs `sql` and waits for all of its rows. A lost connection throws
    /// `StoreError.unavailable` (and every later statement of the body too); a statement the
    /// server refuses throws `PostgresStatementError`.
    func run(_ sql: String, _ arguments: [SQLValue]) throws -> PostgresQueryResult {
        if let lostReason { throw StoreError.unavailable(lostReason) }
        var bindings = PostgresBindings(capacity: arguments.count)
        for argument in arguments { argument.bind(into: &bindings) }
        let query = PostgresQuery(unsafeSQL: PostgresPlaceholders.translate(sql), binds: bindings)
        statementsSent += 1
        do {
            return try connection.query(query, logger: logger, deadline: deadline).wait()
        } catch {
            if PostgresFailure.isConnectionLoss(error, connection: connection) {
                let reason =
                    (error as? AnswerWatchdog.Unanswered)?.timedOut == true
                    ? "no answer from PostgreSQL within \(String(format: "%g", Double(deadline.nanoseconds) / 1e9)) s"
                    : PostgresFailure.describe(error)
                lostReason = reason
                onLoss(connection, reason)
                throw StoreError.unavailable(reason)
            }
            throw PostgresStatementError(error, sql: sql)
        }
    }
}
