// Builds the GRDB request for the ticket list from a TicketQuery (filters and ordering as upstream).
import Foundation
import GRDB

/// The SQL side of the ticket list.
struct TicketListRequest {
    var projectId: String
    var query: TicketQuery
    var now: Date

    func request() -> QueryInterfaceRequest<TicketRecord> {
        var r = TicketRecord.filter(Column("project_id") == projectId)
            .filter(Column("external_id") == nil || !Column("external_id").like("DELETED:%"))
        if let s = query.state { r = r.filter(Column("state") == s) }
        if let prefixes = query.prefixes, !prefixes.isEmpty { r = r.filter(prefixFilter(prefixes)) }
        if let days = query.completedWithinDays {
            let cutoff = now.addingTimeInterval(-Double(days) * 86_400)
            r = r.filter(Column("state") != "done" || Column("completed_at") >= cutoff)
        }
        if let d = query.completedAfter { r = r.filter(Column("completed_at") >= d) }
        if let d = query.completedBefore { r = r.filter(Column("completed_at") <= d) }
        if let d = query.updatedAfter { r = r.filter(Column("updated_at") >= d) }
        if let d = query.updatedBefore { r = r.filter(Column("updated_at") <= d) }
        return r.order(ordering())
    }

    private func prefixFilter(_ prefixes: [String]) -> SQLExpression {
        let parts: [SQLExpression] = prefixes.map { p in
            if p == "ADHOC" { return Column("external_id") == nil || Column("is_adhoc") == true }
            return SQL(sql: "substr(external_id, 1, ?) = ?", arguments: [p.count + 1, p + "-"]).sqlExpression
        }
        return parts.joined(operator: .or)
    }

    private func ordering() -> [SQLOrderingTerm] {
        let column: String
        switch query.orderBy {
        case "createdAt": column = "created_at"
        case "updatedAt": column = "updated_at"
        case "completedAt": column = "completed_at"
        default: column = "external_id"
        }
        let c = Column(column)
        let desc = query.orderDir == "desc"
        // Postgres puts NULLs last ascending and first descending.
        return desc ? [c.descNullsFirst, Column("rowid").desc] : [c.ascNullsLast, Column("rowid")]
    }
}
