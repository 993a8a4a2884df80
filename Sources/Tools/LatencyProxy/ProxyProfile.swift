// What the latency proxy does to the bytes it forwards: a delay per direction, random jitter on
// top (order is kept: TCP never reorders), and a stall that holds everything.

/// The link a `LatencyProxy` imitates.
public struct ProxyProfile: Equatable, Sendable {
    /// Delay added to bytes going from the client to the server.
    public var upstreamDelay: Duration
    /// Delay added to bytes going from the server to the client.
    public var downstreamDelay: Duration
    /// Extra random delay per chunk, uniform in `0...jitter` (never reordering bytes).
    public var jitter: Duration

    /// A link with `delay` each way plus up to `jitter`.
    public init(delay: Duration = .zero, jitter: Duration = .zero) {
        self.init(upstreamDelay: delay, downstreamDelay: delay, jitter: jitter)
    }

    /// A link with separate delays per direction.
    public init(upstreamDelay: Duration, downstreamDelay: Duration, jitter: Duration = .zero) {
        self.upstreamDelay = upstreamDelay
        self.downstreamDelay = downstreamDelay
        self.jitter = jitter
    }

    /// The delay of one direction.
    func delay(upstream: Bool) -> Duration { upstream ? upstreamDelay : downstreamDelay }
}
