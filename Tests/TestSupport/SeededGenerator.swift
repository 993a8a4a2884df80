// SplitMix64: a tiny deterministic generator, so a seeded test (fuzzing, property tests,
// benchmark input) feeds the same values on every run and a failing seed can be replayed.

/// A deterministic `RandomNumberGenerator` (SplitMix64).
public struct SeededGenerator: RandomNumberGenerator {
    /// The generator's state; the next value is derived from it.
    public var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// A generator starting from `state` (the same as `init(seed:)`).
    public init(state: UInt64) { self.state = state }

    /// The next value.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
