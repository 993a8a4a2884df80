// Paces `pty:data` messages so that sustained typing never exhausts the socket's sliding-window
// budget. The RateGuard alone lets a burst take the whole window and then holds every key until
// that burst slides out, seconds later (seen: five keys held for 4.4 s at 20 keys/s). A token
// bucket refilling at just under the budget's sustainable rate decides instead:
// - typing slower than the refill rate finds a token for every key: each leaves at once;
// - faster typing runs the bucket dry: a lone key then waits for a token or for a companion,
//   and a batch (two keys or more, a paste) may borrow one token. At 15 keys/s that sends pairs
//   at 7.5 messages/s and no key waits longer than the gap to the next key (67 ms).
// In any interval of one window the bucket allows at most capacity + debt + rate × window
// messages (3 + 1 + 75 = 79 by default), so the guard's 80 is reached only by control messages.

/// A token bucket for data messages on one socket. Pure: the caller passes the time in.
public struct InputPacer: Equatable, Sendable {
    /// Time for one token to refill (133 ms: 7.5 messages per second).
    public let refill: Duration
    /// Tokens the bucket holds when full (the burst a slow typist gets at once).
    public let capacity: Double
    /// Tokens a batch may borrow below zero.
    public let debt: Double
    private var tokens: Double
    private var updatedAt: MonotonicTime?

    /// A bucket refilling one token per `refill`, holding `capacity`, lending `debt` to batches.
    public init(refill: Duration = .milliseconds(400) / 3, capacity: Double = 3, debt: Double = 1) {
        self.refill = max(refill, .nanoseconds(1))
        self.capacity = max(capacity, 1)
        self.debt = max(debt, 0)
        self.tokens = self.capacity
    }

    /// The tokens in the bucket at `now`.
    public func tokens(at now: MonotonicTime) -> Double {
        guard let updatedAt, now > updatedAt else { return tokens }
        return min(capacity, tokens + (now - updatedAt) / refill)
    }

    /// Whether a message may leave at `now`: a lone key needs a whole token, a batch may borrow.
    public func allows(batch: Bool, at now: MonotonicTime) -> Bool {
        tokens(at: now) >= threshold(batch: batch) - 1e-9
    }

    /// Takes one token for a message sent at `now`.
    public mutating func spend(at now: MonotonicTime) {
        tokens = tokens(at: now) - 1
        updatedAt = now
    }

    /// The earliest time at which `allows(batch:at:)` holds (`now` if it does already).
    public func nextAllowed(batch: Bool, at now: MonotonicTime) -> MonotonicTime {
        let missing = threshold(batch: batch) - tokens(at: now)
        guard missing > 1e-9 else { return now }
        return now + refill * missing
    }

    private func threshold(batch: Bool) -> Double { batch ? 1 - debt : 1 }
}
