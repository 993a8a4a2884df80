// A search in rewind (`/`): the text typed, then the moments its server found that text coming on
// the session's screen (past screens, not only scrollback); `n` goes to an older one, `N` to a
// newer one, as in the scrollback's search.
import ClaudePMProtocol

/// Rewind's search.
public struct RewindSearch: Equatable, Sendable {
    /// The text.
    public var query: String
    /// True while it is typed.
    public var editing: Bool
    /// The moments found, oldest first; nil while the server looks.
    public var hits: [JournalHit]?
    /// True when the server left older hits out.
    public var truncated = false
    /// The hit shown, if any.
    public var current: Int?

    /// A search being typed.
    public init(query: String = "", editing: Bool = true) {
        self.query = query
        self.editing = editing
    }

    /// The hit shown.
    public var shownHit: JournalHit? {
        guard let hits, let current, hits.indices.contains(current) else { return nil }
        return hits[current]
    }

    /// Takes the hits; shows the newest at or before `atMs` (the newest of all without one).
    mutating func found(_ result: JournalSearch, before atMs: Int64?) {
        hits = result.hits
        truncated = result.truncated
        guard !result.hits.isEmpty else {
            current = nil
            return
        }
        current = atMs.flatMap { at in result.hits.lastIndex { $0.atMs <= at } } ?? result.hits.count - 1
    }

    /// Goes `offset` hits on (negative: older); false when there is none that way.
    mutating func step(_ offset: Int) -> Bool {
        guard let hits, let current else { return false }
        let next = current + offset
        guard hits.indices.contains(next) else { return false }
        self.current = next
        return true
    }
}
