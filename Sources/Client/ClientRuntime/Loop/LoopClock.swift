// LoopClock: the loop's only source of time, injected so frame pacing and timers test
// without sleeping.
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A monotonic time source; instants are durations since an arbitrary origin.
public protocol LoopClock: Sendable {
    /// The current instant.
    func now() -> Duration
}

/// CLOCK_MONOTONIC.
public struct SystemLoopClock: LoopClock {
    /// The system clock.
    public init() {}

    /// The current instant.
    public func now() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec))
    }
}

/// A clock that only moves when told to (for tests).
public final class ManualLoopClock: LoopClock {
    private let current = Mutex<Duration>(.zero)

    /// A clock at instant zero.
    public init() {}

    /// The current instant.
    public func now() -> Duration { current.withLock { $0 } }

    /// Moves the clock forward.
    public func advance(by step: Duration) {
        current.withLock { $0 += step }
    }
}
