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
