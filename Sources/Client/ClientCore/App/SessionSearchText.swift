// What the `/` filter searches in a session: its name, project, ticket, pane command and id,
// lowercased, as one UTF-8 string (fields apart by a newline, which a typed filter never holds).
// SessionTable keeps it per session, made when the session changes, so a filter key over 10,000
// sessions is a byte search each, not five `lowercased()` strings and Foundation searches.

/// The filter's text of a session, and the search in it.
enum SessionSearchText {
    /// `session`'s searchable fields, lowercased, newline-separated, as UTF-8.
    static func of(_ session: AppSession) -> [UInt8] {
        let fields = [
            session.displayName, session.projectName, session.ticketKey ?? "", session.paneCommand ?? "",
            session.key.sessionId,
        ]
        return Array(fields.joined(separator: "\n").lowercased().utf8)
    }

    /// True if `a` and `b` have the same searchable fields (a change of waiting, status or context
    /// leaves the kept text as it is).
    static func sameFields(_ a: AppSession, _ b: AppSession) -> Bool {
        a.key == b.key && a.paneName == b.paneName && a.ticketTitle == b.ticketTitle && a.projectName == b.projectName
            && a.ticketKey == b.ticketKey && a.paneCommand == b.paneCommand
    }

    /// True if `haystack` holds `needle` (both UTF-8; an empty needle is everywhere).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= haystack.count else { return false }
        var start = 0
        let last = haystack.count - needle.count
        while start <= last {
            guard let index = haystack[start...last].firstIndex(of: first) else { return false }
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            start = index + 1
        }
        return false
    }
}
