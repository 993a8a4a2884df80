// The upstream's fixed-window rate limit: 100 messages per 10 s per connection. The window resets
// on the first message more than 10 s after it started; the first window starts at connect.

/// A fixed-window message counter (pure; time is passed in).
struct RateLimiter {
    let limit: Int
    let window: Duration
    private(set) var windowStart: ContinuousClock.Instant
    private(set) var count = 0

    init(limit: Int = 100, window: Duration = .seconds(10), start: ContinuousClock.Instant) {
        self.limit = limit
        self.window = window
        windowStart = start
    }

    /// Counts a message arriving at `now`; false if it must be dropped.
    mutating func allow(at now: ContinuousClock.Instant) -> Bool {
        if now - windowStart > window {
            windowStart = now
            count = 0
        }
        count += 1
        return count <= limit
    }
}

/// Reassembles UTF-8 across chunk boundaries so multi-byte characters are never split.
struct UTF8Chunker {
    private var pending: [UInt8] = []

    /// The decodable text of `pending + bytes`; an incomplete trailing sequence waits for the next chunk.
    mutating func text(_ bytes: [UInt8]) -> String {
        var all = pending + bytes
        var cut = all.count
        var back = 0
        while back < 3, cut - back - 1 >= 0 {
            let b = all[cut - back - 1]
            if b & 0xC0 == 0x80 {
                back += 1
                continue
            }
            let need = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
            if need > back + 1 { cut = cut - back - 1 }
            break
        }
        pending = Array(all[cut...])
        all.removeSubrange(cut...)
        return String(decoding: all, as: UTF8.self)
    }
}
