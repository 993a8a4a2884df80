// A frame's worth of queued events, with each stream's consecutive byte outputs joined into one.
// While a frame is pending the loop drains the queue only when the frame is due, so a batch holds
// some 17 ms of output for every tile, in messages of a few lines each and interleaved across
// sessions. Fed as one piece per stream, a tile's lines reach the screen together, and plain
// lines at the bottom scroll in one step instead of one per message (TerminalScreen's scroll
// batching, the largest item of the wall's profile). Bytes of one stream keep their order; a
// run ends at any other event (a fact for the model, a status, a snapshot), so nothing moves
// past an event that could replace a stream or its screen.

import ClientCore

extension RuntimeEvent {
    /// `events` with each stream's byte outputs between two other events joined into the first.
    static func mergingBytes(_ events: [RuntimeEvent]) -> [RuntimeEvent] {
        guard events.count > 1 else { return events }
        var result: [RuntimeEvent] = []
        result.reserveCapacity(events.count)
        // Where each stream's open run sits in `result`, and the bytes joined to it so far.
        var open: [SessionKey: (index: Int, generation: Int)] = [:]
        var joined: [Int: [UInt8]] = [:]
        for event in events {
            guard case .terminal(let key, let generation, .bytes(let bytes)) = event else {
                open.removeAll(keepingCapacity: true)
                result.append(event)
                continue
            }
            if let run = open[key], run.generation == generation {
                joined[run.index, default: []] += bytes
            } else {
                open[key] = (result.count, generation)
                result.append(event)
            }
        }
        for (index, more) in joined {
            guard case .terminal(let key, let generation, .bytes(let first)) = result[index] else { continue }
            result[index] = .terminal(key, generation: generation, .bytes(first + more))
        }
        return result
    }
}
