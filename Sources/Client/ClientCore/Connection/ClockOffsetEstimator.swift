// The server's clock against ours, from pongs: each pong carries the server's time, and the pong
// arrived a round trip after the ping went out, so the server read its clock about half a round
// trip before we received it. As NTP does, the sample with the smallest round trip of the last
// few is the most trustworthy. A new estimate is reported only when it moves by half a second or
// more (ages are shown in seconds at best).

import Foundation

/// Estimates a server's clock offset (server minus local, in seconds) from pong timestamps.
public struct ClockOffsetEstimator: Sendable {
    private var samples: [(roundTrip: Duration, offset: Double)] = []
    private var reported: Double?
    /// How many recent samples are kept.
    public let window: Int

    /// An estimator with no samples.
    public init(window: Int = 8) {
        self.window = max(window, 1)
    }

    /// The current estimate, if any sample was taken.
    public var offset: Double? { samples.min { $0.roundTrip < $1.roundTrip }?.offset }

    /// Adds a pong that carried `serverTime`, received at `receivedAt` (local wall clock) after a
    /// round trip of `roundTrip`. Returns the estimate when it is new or moved by ≥ 0.5 s.
    public mutating func add(serverTime: Date, receivedAt: Date, roundTrip: Duration) -> Double? {
        let half = Double(roundTrip.components.seconds) / 2 + Double(roundTrip.components.attoseconds) / 2e18
        samples.append((roundTrip, serverTime.timeIntervalSince(receivedAt.addingTimeInterval(-half))))
        if samples.count > window { samples.removeFirst(samples.count - window) }
        guard let offset else { return nil }
        if let reported, abs(offset - reported) < 0.5 { return nil }
        reported = offset
        return offset
    }
}
