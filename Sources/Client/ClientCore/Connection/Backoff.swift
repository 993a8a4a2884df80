// Retry delays: 1 s doubling to 30 s, each multiplied by a random factor in [0.75, 1.25] so that
// many clients restarting together do not reconnect in lockstep. The random number is injected
// (JitterSource) to keep the policy testable.

/// A source of uniformly distributed numbers in `0..<1`, injected into the state machines.
public protocol JitterSource: Sendable {
    /// The next number in `0..<1`.
    mutating func nextUnit() -> Double
}

/// A small deterministic generator (SplitMix64). Seed it from a random source in production and
/// with a constant in tests.
public struct SeededJitter: JitterSource {
    private var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) {
        self.state = seed
    }

    public mutating func nextUnit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(UInt64(1) << 53)
    }
}

/// Exponential backoff with symmetric jitter.
public struct Backoff: Equatable, Sendable {
    /// The delay before the first retry.
    public var initial: Duration
    /// The largest delay before jitter.
    public var maximum: Duration
    /// The jitter as a fraction of the delay (0.25 = ±25 %).
    public var jitter: Double

    /// 1 s doubling to 30 s, ±25 %.
    public static let standard = Backoff(initial: .seconds(1), maximum: .seconds(30), jitter: 0.25)

    /// Creates a policy.
    public init(initial: Duration, maximum: Duration, jitter: Double) {
        self.initial = initial
        self.maximum = maximum
        self.jitter = jitter
    }

    /// The delay before retry number `attempt` (1-based) without jitter: initial × 2^(attempt−1),
    /// capped at `maximum`.
    public func baseDelay(attempt: Int) -> Duration {
        let exponent = max(0, min(attempt - 1, 30))
        let delay = initial * (1 << exponent)
        return delay > maximum ? maximum : delay
    }

    /// The delay before retry number `attempt`, with `unit` (in `0..<1`) mapped onto
    /// `[1 − jitter, 1 + jitter]`.
    public func delay(attempt: Int, unit: Double) -> Duration {
        let clamped = min(max(unit, 0), 1)
        let factor = 1 + jitter * (2 * clamped - 1)
        return baseDelay(attempt: attempt) * factor
    }
}
