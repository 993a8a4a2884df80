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

    /// The summary of `slots`.
    public init(_ slots: [SessionSlot] = []) {
        self.slots = slots
        var live: [SessionKey] = []
        var liveIndex: [SessionKey: Int] = [:]
        var slotIndex: [SessionKey: Int] = [:]
        slotIndex.reserveCapacity(slots.count)
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
            rows += 1
            last = slot
        }
        self.live = live
        self.liveIndex = liveIndex
        self.slotIndex = slotIndex
        rowCount = rows
    }

    public static func == (a: SlotSummary, b: SlotSummary) -> Bool { a.slots == b.slots }

    /// True if `key` is in the list.
    public func contains(_ key: SessionKey) -> Bool { slotIndex[key] != nil }
}
