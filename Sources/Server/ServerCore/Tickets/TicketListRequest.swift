// Builds the SQL of the ticket list from a TicketFilter (filters and ordering as upstream), in the
// subset both engines speak.
import Foundation

/// The SQL side of the ticket list.
struct TicketListRequest {
    var projectId: String
    var query: TicketFilter
    var now: Date

    /// The WHERE condition and its arguments.
    func condition() -> (String, [SQLValue]) {
        var parts = ["project_id = ?", "(external_id IS NULL OR substr(external_id, 1, 8) <> 'DELETED:')"]
        var args: [SQLValue] = [.text(projectId)]
        func add(_ sql: String, _ values: SQLValue...) {
            parts.append(sql)
            args += values
        }
        if let s = query.state { add("state = ?", .text(s)) }
        if let prefixes = query.prefixes, !prefixes.isEmpty {
            let terms = prefixes.map { p -> (String, [SQLValue]) in
                if p == "ADHOC" { return ("(external_id IS NULL OR is_adhoc = ?)", [.bool(true)]) }
                return ("substr(external_id, 1, CAST(? AS INTEGER)) = ?", [.int(p.count + 1), .text(p + "-")])
            }
            parts.append("(" + terms.map(\.0).joined(separator: " OR ") + ")")
            args += terms.flatMap(\.1)
        }
        if let days = query.completedWithinDays {
            let cutoff = now.addingTimeInterval(-Double(days) * 86_400)
            add("(state <> 'done' OR completed_at >= ?)", .date(cutoff))
        }
        if let d = query.completedAfter { add("completed_at >= ?", .date(d)) }
        if let d = query.completedBefore { add("completed_at <= ?", .date(d)) }
        if let d = query.updatedAfter { add("updated_at >= ?", .date(d)) }
        if let d = query.updatedBefore { add("updated_at <= ?", .date(d)) }
        return (parts.joined(separator: " AND "), args)
    }

    /// The ORDER BY terms.
    func ordering(_ dialect: SQLDialect) -> String {
        let column: String
        switch query.orderBy {
        case "createdAt": column = "created_at"
        case "updatedAt": column = "updated_at"
        case "completedAt": column = "completed_at"
        default: column = "external_id"
        }
        // Postgres puts NULLs last ascending and first descending.
        return query.orderDir == "desc"
            ? "\(column) DESC NULLS FIRST, \(dialect.sequence) DESC" : "\(column) ASC NULLS LAST, \(dialect.sequence)"
    }
}
