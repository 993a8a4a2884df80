// Keeps one socket under the server's limit of 100 messages per 10 s (it counts every message,
// pings included, and drops the excess). A sliding window with a lower budget (80) leaves headroom
// for the server's fixed window and for control messages that must not wait.

/// A sliding-window message budget for one socket.
public struct RateGuard: Equatable, Sendable {
    /// Messages allowed per window.
    public let budget: Int
    /// The window length.
    public let window: Duration
    private var sent: [MonotonicTime] = []

    /// 80 messages per 10 s (the server allows 100).
    public init(budget: Int = 80, window: Duration = .seconds(10)) {
        self.budget = max(1, budget)
        self.window = window
    }

    /// How many messages may be sent at `now` without exceeding the budget.
    public mutating func available(at now: MonotonicTime) -> Int {
        expire(before: now)
        return max(0, budget - sent.count)
    }

    /// Records a message sent at `now`. Control messages are recorded even when over budget (they
    /// cannot wait), which only delays later data.
    public mutating func record(at now: MonotonicTime) {
        expire(before: now)
        sent.append(now)
    }

    /// Records a message if the budget allows and returns whether it did.
    public mutating func tryRecord(at now: MonotonicTime) -> Bool {
        guard available(at: now) > 0 else { return false }
        sent.append(now)
        return true
    }

    /// The earliest time at which one more message fits (`now` if it fits already).
    public mutating func nextAvailable(at now: MonotonicTime) -> MonotonicTime {
        expire(before: now)
        guard sent.count >= budget else { return now }
        return sent[sent.count - budget] + window
    }

    /// The earliest time at which `count` more messages fit.
    public mutating func nextAvailable(count: Int, at now: MonotonicTime) -> MonotonicTime {
        expire(before: now)
        let excess = sent.count + count - budget
        guard excess > 0 else { return now }
        guard count <= budget else { return (sent.last ?? now) + window }
        return sent[excess - 1] + window
    }

    private mutating func expire(before now: MonotonicTime) {
        let cutoff = now.advanced(by: .zero - window)
        if let keep = sent.firstIndex(where: { $0 > cutoff }) {
            sent.removeFirst(keep)
        } else {
            sent.removeAll()
        }
    }
}
