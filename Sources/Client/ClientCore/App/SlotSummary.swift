// What every event and frame needs from an ordered list of sessions, computed once per change
// of that list (not per event): the live keys in order, where each key is, and how many rows the
// list has with its headings. With 10,000 sessions a pass per event was what made keys wait.

/// An ordered list of session slots with its derived counts and indexes.
public struct SlotSummary: Equatable, Sendable {
    /// The sessions in display order.
    public let slots: [SessionSlot]
    /// The live ones among them, in order (the wall's candidates).
    public let live: [SessionKey]
    /// Each live key's index in `live`.
    let liveIndex: [SessionKey: Int]
    /// Each key's index in `slots`.
    let slotIndex: [SessionKey: Int]
    /// List rows: the sessions plus one per server and per project heading.
    public let rowCount: Int
    /// Each slot's row in the list (headings included), ascending.
    let rowIndex: [Int]

    /// The summary of `slots`.
    public init(_ slots: [SessionSlot] = []) {
        self.slots = slots
        var live: [SessionKey] = []
        var liveIndex: [SessionKey: Int] = [:]
        var slotIndex: [SessionKey: Int] = [:]
        var rowIndex: [Int] = []
        slotIndex.reserveCapacity(slots.count)
        rowIndex.reserveCapacity(slots.count)
        var rows = 0
        var last: SessionSlot?
        for (index, slot) in slots.enumerated() {
            slotIndex[slot.key] = index
            if slot.isLive {
                liveIndex[slot.key] = live.count
                live.append(slot.key)
            }
            if slot.key.server != last?.key.server {
                rows += 2
            } else if slot.project != last?.project {
                rows += 1
            }
            rowIndex.append(rows)
            rows += 1
            last = slot
        }
        self.live = live
        self.liveIndex = liveIndex
        self.slotIndex = slotIndex
        self.rowIndex = rowIndex
        rowCount = rows
    }

    public static func == (a: SlotSummary, b: SlotSummary) -> Bool { a.slots == b.slots }

    /// The list rows from row `start`, at most `count` of them, built without the rows before
    /// (a frame draws a screenful of a list of any length).
    public func rows(from start: Int, count: Int) -> [ListRow] {
        var low = 0
        var high = slots.count
        while low < high {
            let mid = (low + high) / 2
            if rowIndex[mid] < start { low = mid + 1 } else { high = mid }
        }
        var rows: [ListRow] = []
        var index = low
        while rows.count < count, index < slots.count {
            let slot = slots[index]
            let previous = index > 0 ? slots[index - 1] : nil
            var group: [ListRow] = []
            if slot.key.server != previous?.key.server {
                group = [.server(slot.key.server), .project(server: slot.key.server, name: slot.project)]
            } else if slot.project != previous?.project {
                group = [.project(server: slot.key.server, name: slot.project)]
            }
            group.append(.session(slot.key))
            let first = rowIndex[index] - (group.count - 1)
            for (offset, row) in group.enumerated() where first + offset >= start { rows.append(row) }
            index += 1
        }
        return Array(rows.prefix(count))
    }

    /// The list row of `key`, if shown.
    public func row(of key: SessionKey) -> Int? { slotIndex[key].map { rowIndex[$0] } }

    /// True if `key` is in the list.
    public func contains(_ key: SessionKey) -> Bool { slotIndex[key] != nil }
}
