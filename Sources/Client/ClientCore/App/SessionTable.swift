// The sessions of every server, with their display order kept as they change. With thousands of
// sessions, sorting on every event and every frame (what `orderedSessions` did) made each key
// take seconds (issue 14); here a change that leaves a session's place alone (context, waiting,
// the time it was heard from) costs a dictionary write, one that moves it a binary search and an
// array shift, and only a full list from a server sorts.

/// One session's place in the display order.
public struct SessionSlot: Hashable, Sendable {
    /// The session.
    public let key: SessionKey
    /// Its project's name ("" if unknown).
    public let project: String
    /// True if it is running (can have a live tile).
    public let isLive: Bool
}

/// Sessions by key plus their display order: by server (configuration order), project, status,
/// name, key.
public struct SessionTable: Equatable, Sendable {
    /// What the order compares, computed once per change of a session.
    struct SortKey: Comparable, Sendable {
        var server: Int
        var project: String
        var rank: Int
        var name: String
        var key: SessionKey

        static func < (a: SortKey, b: SortKey) -> Bool {
            if a.server != b.server { return a.server < b.server }
            if a.project != b.project { return a.project < b.project }
            if a.rank != b.rank { return a.rank < b.rank }
            if a.name != b.name { return a.name < b.name }
            return a.key < b.key
        }

        var slot: SessionSlot { SessionSlot(key: key, project: project, isLive: rank == 0) }
    }

    private var entries: [SessionKey: AppSession] = [:]
    private var order: [SortKey] = []
    private let serverOrder: [String: Int]
    /// Every session in display order, with its counts and indexes (rebuilt when the order
    /// changes, not when a session changes in place).
    public private(set) var summary = SlotSummary()
    /// Every session in display order.
    public var slots: [SessionSlot] { summary.slots }
    /// Counts changes of any session (for caches of what is derived from the sessions).
    public private(set) var revision = 0
    /// The sessions that work on a ticket (few, however many sessions there are).
    public private(set) var ticketed: Set<SessionKey> = []
    /// The sessions that wait for their user (few, however many sessions there are).
    public private(set) var waitingKeys: Set<SessionKey> = []
    /// What the `/` filter searches in each session (SessionSearchText), made when it changes.
    private var searchTexts: [SessionKey: [UInt8]] = [:]

    /// An empty table for servers in configuration order.
    public init(servers: [String] = []) {
        serverOrder = Dictionary(servers.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    }

    public static func == (a: SessionTable, b: SessionTable) -> Bool {
        a.entries == b.entries && a.serverOrder == b.serverOrder
    }

    /// The session of `key`; setting keeps the order (nil removes it).
    public subscript(key: SessionKey) -> AppSession? {
        get { entries[key] }
        set {
            let previous = entries[key]
            let old = previous.map { sortKey($0) }
            entries[key] = newValue
            revision &+= 1
            if newValue?.ticketID != nil { ticketed.insert(key) } else { ticketed.remove(key) }
            if newValue?.waiting != nil { waitingKeys.insert(key) } else { waitingKeys.remove(key) }
            keepSearchText(key, previous: previous, now: newValue)
            let new = newValue.map { sortKey($0) }
            guard old != new else { return }
            var slots = summary.slots
            if let old, case let index = position(of: old), index < order.count, order[index] == old {
                order.remove(at: index)
                slots.remove(at: index)
            }
            if let new {
                let index = position(of: new)
                order.insert(new, at: index)
                slots.insert(new.slot, at: index)
            }
            summary = SlotSummary(slots)
        }
    }

    /// Replaces every session of `server` with `list` (one sort, not one insert per session).
    public mutating func replace(server: String, with list: [AppSession]) {
        let previous = entries
        entries = entries.filter { $0.key.server != server }
        for session in list { entries[session.key] = session }
        order = entries.values.map { sortKey($0) }.sorted()
        ticketed = Set(entries.values.lazy.filter { $0.ticketID != nil }.map(\.key))
        waitingKeys = Set(entries.values.lazy.filter { $0.waiting != nil }.map(\.key))
        for key in previous.keys where key.server == server && entries[key] == nil { searchTexts[key] = nil }
        for session in list { keepSearchText(session.key, previous: previous[session.key], now: session) }
        summary = SlotSummary(order.map(\.slot))
        revision &+= 1
    }

    /// Makes the search text of `key` again only when a searched field changed.
    private mutating func keepSearchText(_ key: SessionKey, previous: AppSession?, now session: AppSession?) {
        guard let session else {
            searchTexts[key] = nil
            return
        }
        if let previous, searchTexts[key] != nil, SessionSearchText.sameFields(previous, session) { return }
        searchTexts[key] = SessionSearchText.of(session)
    }

    /// True if the session of `key` holds `needle` (lowercased UTF-8) in a field the `/` filter
    /// searches.
    func matches(_ key: SessionKey, needle: [UInt8]) -> Bool {
        searchTexts[key].map { SessionSearchText.contains($0, needle) } ?? false
    }

    /// True if `a` comes before `b` in the display order (both must exist).
    public func precedes(_ a: SessionKey, _ b: SessionKey) -> Bool {
        guard let first = entries[a], let second = entries[b] else { return a < b }
        return sortKey(first) < sortKey(second)
    }

    /// The number of sessions.
    public var count: Int { entries.count }
    /// True when there are no sessions.
    public var isEmpty: Bool { entries.isEmpty }
    /// Every session's key, in no particular order.
    public var keys: Dictionary<SessionKey, AppSession>.Keys { entries.keys }
    /// Every session, in no particular order.
    public var values: Dictionary<SessionKey, AppSession>.Values { entries.values }

    private func sortKey(_ session: AppSession) -> SortKey {
        SortKey(
            server: serverOrder[session.key.server] ?? Int.max, project: session.projectName,
            rank: Self.statusRank(session.status), name: session.displayName, key: session.key)
    }

    /// The first index whose key is not less than `key` (binary search).
    private func position(of key: SortKey) -> Int {
        var low = 0
        var high = order.count
        while low < high {
            let mid = (low + high) / 2
            if order[mid] < key { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private static func statusRank(_ status: AppSessionStatus) -> Int {
        switch status {
        case .running: 0
        case .paused: 1
        case .error: 2
        case .completed: 3
        }
    }
}

extension Array where Element == SessionSlot {
    /// List rows for these slots: a server heading and project headings before their sessions.
    public var listRows: [ListRow] {
        var rows: [ListRow] = []
        rows.reserveCapacity(count + 8)
        var lastServer: String?
        var lastProject: String?
        for slot in self {
            if slot.key.server != lastServer {
                rows.append(.server(slot.key.server))
                lastServer = slot.key.server
                lastProject = nil
            }
            if slot.project != lastProject {
                rows.append(.project(server: slot.key.server, name: slot.project))
                lastProject = slot.project
            }
            rows.append(.session(slot.key))
        }
        return rows
    }
}
