// The attention queue: every session waiting for input, across all servers, most urgent first.
// Order: permission prompts, then questions, then other reasons, then idle prompts; within a
// rank, whoever has waited longest comes first. Snoozed sessions leave the queue until their
// snooze ends (on the injected monotonic clock); a new wait (waiting went false, then true)
// clears the snooze.

import ClaudePMProtocol
import Foundation

/// One waiting session.
public struct TriageItem: Equatable, Sendable, Codable {
    /// Which session.
    public var key: SessionKey
    /// Why it waits.
    public var reason: WaitingReason
    /// Since when (server time).
    public var since: Date

    /// Creates an item.
    public init(key: SessionKey, reason: WaitingReason, since: Date) {
        self.key = key
        self.reason = reason
        self.since = since
    }

    /// Lower ranks come first: permission prompts, questions, other reasons, idle prompts.
    public var rank: Int {
        switch reason {
        case .permissionPrompt: return 0
        case .question: return 1
        case .idlePrompt: return 3
        default: return 2
        }
    }
}

/// Waiting sessions ordered for triage, with next/previous and snooze.
public struct TriageQueue: Equatable, Sendable {
    private var waiting: [SessionKey: TriageItem] = [:]
    private var snoozedUntil: [SessionKey: MonotonicTime] = [:]
    /// The item the user last jumped to.
    public private(set) var cursor: SessionKey?

    /// Creates an empty queue.
    public init() {}

    /// Records a `session:waiting` change. Waiting again after not waiting clears a snooze; a
    /// repeat while still waiting keeps the original `since`.
    public mutating func update(_ key: SessionKey, waiting isWaiting: Bool, reason: WaitingReason?, since: Date) {
        guard isWaiting else {
            remove(key)
            return
        }
        let reason = reason ?? .unknown
        if var existing = waiting[key] {
            existing.reason = reason
            waiting[key] = existing
        } else {
            snoozedUntil[key] = nil
            waiting[key] = TriageItem(key: key, reason: reason, since: since)
        }
    }

    /// Moves the waiting times of `server`'s sessions by `seconds` (a new estimate of its clock).
    public mutating func moveTimes(server: String, by seconds: TimeInterval) {
        for key in waiting.keys where key.server == server { waiting[key]?.since.addTimeInterval(seconds) }
    }

    /// Forgets a session (it stopped waiting, ended, or its server was removed).
    public mutating func remove(_ key: SessionKey) {
        waiting[key] = nil
        snoozedUntil[key] = nil
    }

    /// Forgets every session of `server` (e.g. before a resync replaces them).
    public mutating func removeAll(server: String) {
        for key in waiting.keys where key.server == server { remove(key) }
    }

    /// The queue at `now`: waiting, not snoozed, most urgent first.
    public func ordered(now: MonotonicTime) -> [TriageItem] {
        waiting.values.filter { !isSnoozed($0.key, now: now) }.sorted(by: Self.precedes)
    }

    /// Snoozed items with their wake-up times, soonest first.
    public func snoozed(now: MonotonicTime) -> [(item: TriageItem, until: MonotonicTime)] {
        snoozedUntil.compactMap { key, until in
            guard until > now, let item = waiting[key] else { return nil }
            return (item, until)
        }.sorted { $0.until < $1.until }
    }

    /// The number of sessions needing attention at `now`.
    public func count(now: MonotonicTime) -> Int { ordered(now: now).count }

    /// The keys waiting and not snoozed at `now`, in no particular order (no sort: for counts).
    public func unsortedKeys(now: MonotonicTime) -> [SessionKey] {
        waiting.keys.filter { !isSnoozed($0, now: now) }
    }

    /// Hides a session from the queue until `now + duration`.
    public mutating func snooze(_ key: SessionKey, for duration: Duration, now: MonotonicTime) {
        guard waiting[key] != nil else { return }
        snoozedUntil[key] = now + duration
        if cursor == key { cursor = nil }
    }

    /// Brings a snoozed session back at once.
    public mutating func unsnooze(_ key: SessionKey) {
        snoozedUntil[key] = nil
    }

    /// When the next snooze ends (for a redraw timer), if any.
    public func nextWakeUp(now: MonotonicTime) -> MonotonicTime? {
        snoozedUntil.filter { $0.value > now && waiting[$0.key] != nil }.values.min()
    }

    /// Forgets the last jump, so the next `next` starts again at the most urgent item.
    public mutating func resetCursor() {
        cursor = nil
    }

    /// Moves to the next item (the most urgent one first; wraps around) and returns it.
    public mutating func next(now: MonotonicTime) -> TriageItem? {
        step(by: 1, now: now)
    }

    /// Moves to the previous item (wraps around) and returns it.
    public mutating func previous(now: MonotonicTime) -> TriageItem? {
        step(by: -1, now: now)
    }

    private mutating func step(by offset: Int, now: MonotonicTime) -> TriageItem? {
        let list = ordered(now: now)
        guard !list.isEmpty else {
            cursor = nil
            return nil
        }
        let chosen: TriageItem
        if let cursor, let index = list.firstIndex(where: { $0.key == cursor }) {
            chosen = list[(index + offset + list.count) % list.count]
        } else {
            chosen = offset >= 0 ? list[0] : list[list.count - 1]
        }
        cursor = chosen.key
        return chosen
    }

    private func isSnoozed(_ key: SessionKey, now: MonotonicTime) -> Bool {
        guard let until = snoozedUntil[key] else { return false }
        return until > now
    }

    private static func precedes(_ lhs: TriageItem, _ rhs: TriageItem) -> Bool {
        if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
        if lhs.since != rhs.since { return lhs.since < rhs.since }
        return lhs.key < rhs.key
    }
}

extension TriageQueue {
    /// Makes `server`'s part of the queue match `waiting` (e.g. NotificationManager's state after
    /// a resync): sessions no longer waiting leave, new ones join, snoozes of the rest are kept.
    public mutating func sync(server: String, waiting: [SessionKey: WaitingState]) {
        for key in self.waiting.keys where key.server == server && waiting[key] == nil {
            remove(key)
        }
        for (key, state) in waiting where key.server == server {
            update(key, waiting: true, reason: state.reason, since: state.since)
        }
    }
}
