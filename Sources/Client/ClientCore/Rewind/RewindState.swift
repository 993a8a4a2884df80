// Rewind: a session's screen as it stood at a past moment, from its server's journal
// (claudepm-server's extension; an upstream server has none and says 404). The steps are the
// moments that matter: the end of each burst of output (the screen as the program left it when
// it paused; every 10 s within a long one) and each mark on the timeline (a wait began, an
// answer, a status change), in time order, between the oldest and the newest moment recorded;
// the live session keeps running meanwhile, and the view says how far behind live it is.
import ClaudePMProtocol

/// Rewinding one session.
public struct RewindState: Equatable, Sendable {
    /// The session.
    public var key: SessionKey
    /// What the journal holds, once loaded.
    public var summary: JournalSummary?
    /// The moments the steps go to (ms since the epoch), ascending.
    public private(set) var stops: [Int64] = []
    /// Which stop is shown (asked for), nil before the journal is loaded.
    public private(set) var index: Int?
    /// The moment the screen shown stands for (the one asked for), nil before the first arrives.
    public var shownMs: Int64?
    /// When that screen last changed (its last record), at or before `shownMs`.
    public var changedMs: Int64?
    /// Why nothing can be shown (no journal, the request failed), if so.
    public var problem: String?
    /// The search, if one was asked for.
    public var search: RewindSearch?
    /// The moment to show first instead of the newest (a banner's), until the journal loads.
    public var startMs: Int64?

    /// The step inside a long burst of output.
    public static let longBurstStepMs: Int64 = 10_000

    /// Rewinding `key`, the journal not loaded yet; `startMs` is shown first when given.
    public init(key: SessionKey, startMs: Int64? = nil) {
        self.key = key
        self.startMs = startMs
    }

    /// The moment asked for, if any.
    public var atMs: Int64? { index.map { stops[$0] } }

    /// Takes the journal; returns the moment to show first (the newest stop), nil when there is
    /// nothing recorded.
    public mutating func load(_ summary: JournalSummary) -> Int64? {
        self.summary = summary
        // A long burst (a working agent's spinner never pauses) is stepped through every 10 s too.
        var ends: [Int64] = []
        for burst in summary.activity {
            var moment = burst.fromMs + Self.longBurstStepMs
            while moment < burst.toMs {
                ends.append(moment)
                moment += Self.longBurstStepMs
            }
            ends.append(burst.toMs)
        }
        stops = Array(Set(ends + summary.marks.map(\.atMs))).sorted()
        if let last = summary.toMs, stops.last.map({ $0 < last }) ?? true { stops.append(last) }
        // The oldest moment recorded: the screen as the recording began.
        if let first = summary.fromMs, let earliest = stops.first, first < earliest { stops.insert(first, at: 0) }
        guard !stops.isEmpty else {
            problem =
                summary.enabled == false ? "this server records no journal (--no-journal)" : "nothing recorded yet"
            return nil
        }
        index = stops.count - 1
        if let startMs {
            self.startMs = nil
            return jump(to: startMs) ?? atMs
        }
        return atMs
    }

    /// Goes to the moment `ms` (a banner's, a search hit's, the last look), clamped to what is
    /// recorded and made a stop of its own; returns it, nil when it is the one shown.
    public mutating func jump(to ms: Int64) -> Int64? {
        // The first and last stops are the oldest and newest moments recorded (`load`).
        guard index != nil, let first = stops.first, let last = stops.last else { return nil }
        let target = min(max(ms, first), last)
        let position = stops.firstIndex { $0 >= target } ?? stops.count - 1
        if stops[position] == target {
            guard position != index else { return nil }
        } else {
            stops.insert(target, at: position)
        }
        index = position
        return target
    }

    /// A step back or on (`by` stops, clamped), to the previous or next mark, or to an end;
    /// returns the moment to show, nil when it did not move.
    public mutating func move(_ step: RewindStep) -> Int64? {
        guard let index, !stops.isEmpty else { return nil }
        let marks = summary?.marks.map(\.atMs) ?? []
        let target: Int?
        switch step {
        case .by(let offset): target = min(max(index + offset, 0), stops.count - 1)
        case .first: target = 0
        case .last: target = stops.count - 1
        case .nextMark: target = stops.firstIndex { $0 > stops[index] && marks.contains($0) }
        case .previousMark: target = stops.lastIndex { $0 < stops[index] && marks.contains($0) }
        }
        guard let target, target != index else { return nil }
        self.index = target
        return stops[target]
    }

    /// The mark at the moment shown, if one is.
    public var markShown: JournalMark? {
        guard let atMs else { return nil }
        return summary?.marks.last { $0.atMs == atMs }
    }
}

/// A move in rewind.
public enum RewindStep: Equatable, Sendable {
    /// Stops back (negative) or on.
    case by(Int)
    /// The oldest or newest stop.
    case first
    /// The newest.
    case last
    /// The next or previous mark.
    case nextMark
    /// The previous mark.
    case previousMark
}
