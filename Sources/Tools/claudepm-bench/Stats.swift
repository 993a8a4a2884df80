// Order statistics over a list of samples, as printed in the benchmark tables.

/// Median, p99, min and max of a set of samples (any unit).
struct Stats: Sendable {
    /// How many samples there were.
    let count: Int
    /// The median (mean of the two middle samples for an even count).
    let median: Double
    /// The 99th percentile (nearest-rank).
    let p99: Double
    /// The smallest sample.
    let min: Double
    /// The largest sample.
    let max: Double

    /// Computes the statistics; nil when there are no samples.
    init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let n = sorted.count
        count = n
        median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
        let rank = Int((0.99 * Double(n)).rounded(.up))
        p99 = sorted[Swift.max(0, Swift.min(n - 1, rank - 1))]
        min = sorted[0]
        max = sorted[n - 1]
    }
}

extension Duration {
    /// This duration in milliseconds.
    var milliseconds: Double {
        let parts = components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }
}
