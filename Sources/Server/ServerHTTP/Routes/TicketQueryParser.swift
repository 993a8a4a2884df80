// Parses the ticket list's camelCase query parameters into a TicketFilter.
import Foundation
import Hummingbird
import ServerCore

enum TicketQueryParser {
    static func parse(_ request: Request) throws -> TicketFilter {
        var q = Query(request)
        var t = TicketFilter()
        t.page = q.int("page", 1...Int.max, default: 1) ?? 1
        t.limit = q.int("limit", 1...100, default: 20) ?? 20
        t.state = q.oneOf("state", TicketStates.all)
        t.sync = q.bool("sync") ?? true
        t.prefixes = q.string("prefixes")?.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        if q.bool("excludeOldDone") == true { t.completedWithinDays = 3 }
        if let days = q.int("completedWithinDays", 1...Int.max, default: nil) { t.completedWithinDays = days }
        t.completedAfter = date(&q, "completedAfter")
        t.completedBefore = date(&q, "completedBefore")
        t.updatedAfter = date(&q, "updatedAfter")
        t.updatedBefore = date(&q, "updatedBefore")
        t.orderBy = q.oneOf("orderBy", ["externalId", "createdAt", "updatedAt", "completedAt"]) ?? "externalId"
        t.orderDir = q.oneOf("orderDir", ["asc", "desc"]) ?? "asc"
        try q.check()
        return t
    }

    private static func date(_ q: inout Query, _ key: String) -> Date? {
        guard let raw = q.string(key) else { return nil }
        guard let d = ISOTime.parse(raw) else {
            q.issues[key, default: []].append("Invalid date")
            return nil
        }
        return d
    }
}
