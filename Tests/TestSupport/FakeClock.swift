// A clock for tests of ClientCore's state machines: it only moves when told to.

import ClientCore

/// A manually advanced monotonic clock.
public struct FakeClock: Sendable {
    /// The current time.
    public private(set) var now: MonotonicTime

    /// Starts at `start` (default: 1000 s, so "earlier" times stay positive).
    public init(start: MonotonicTime = .seconds(1000)) {
        self.now = start
    }

    /// Moves the clock forward.
    public mutating func advance(by duration: Duration) {
        now = now + duration
    }

    /// Moves the clock to `time` (never backwards).
    public mutating func advance(to time: MonotonicTime) {
        if time > now { now = time }
    }
}

/// A jitter source that replays fixed values (cycling), for exact backoff assertions.
public struct ScriptedJitter: JitterSource {
    private let values: [Double]
    private var index = 0

    /// Replays `values` in order, then again from the start.
    public init(_ values: [Double]) {
        self.values = values.isEmpty ? [0.5] : values
    }

    public mutating func nextUnit() -> Double {
        defer { index = (index + 1) % values.count }
        return values[index]
    }
}
