// Rows the store cannot read as records: a column of the wrong type, a date it cannot parse, a
// NULL where a value belongs (a database edited by hand, or written by another version). Lists
// leave such a row out instead of failing whole (`StoreConnection.allReadable`), and the server's
// log names it (table, id, why), once per row and reason for the life of the store, so a list
// fetched every few seconds does not repeat it.
import Logging
import Synchronization

/// Reports the rows a store's lists left out.
public final class UnreadableRows: Sendable {
    private let logger: Logger
    private let reported = Mutex<Set<String>>([])

    /// Reports to `logger`.
    public init(logger: Logger) { self.logger = logger }

    /// Logs (once) that `row` of `table` was left out because of `error`.
    func skip(table: String, row: StoreRow, error: any Error) {
        let id = row.optionalString("id") ?? "?"
        guard reported.withLock({ $0.insert("\(table) \(id): \(error)").inserted }) else { return }
        logger.warning(
            "a row that cannot be read was left out", metadata: ["table": "\(table)", "id": "\(id)", "why": "\(error)"])
    }
}
