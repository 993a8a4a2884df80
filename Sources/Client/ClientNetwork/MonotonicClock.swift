// The real clock behind ClientCore's MonotonicTime, and a set of cancellable timers keyed by
// kind: the drivers of the pure state machines use both to turn "fire at T" actions into tasks.

import ClientCore

/// Reads `ContinuousClock` as ClientCore's `MonotonicTime` (nanoseconds since creation).
public struct MonotonicClock: Sendable {
    private let origin = ContinuousClock.now

    /// Creates a clock whose origin is now.
    public init() {}

    /// The current time.
    public func now() -> MonotonicTime {
        MonotonicTime(nanoseconds: (ContinuousClock.now - origin).nanosecondsClamped)
    }

    /// Sleeps until `time` (returns early only when cancelled).
    public func sleep(until time: MonotonicTime) async {
        let delay = time - now()
        guard delay > .zero else { return }
        try? await Task.sleep(for: delay)
    }
}

/// Pending timers, at most one per kind; scheduling a kind again replaces the earlier one. A
/// timer that fires after being replaced or cancelled is recognised by its token and ignored.
struct TimerSet<Kind: Hashable & Sendable>: Sendable {
    private var tasks: [Kind: (token: UInt64, task: Task<Void, Never>)] = [:]
    private var nextToken: UInt64 = 0

    mutating func schedule(
        _ kind: Kind, at time: MonotonicTime, clock: MonotonicClock,
        fire: @escaping @Sendable (_ token: UInt64) async -> Void
    ) {
        tasks[kind]?.task.cancel()
        nextToken += 1
        let token = nextToken
        let task = Task {
            await clock.sleep(until: time)
            guard !Task.isCancelled else { return }
            await fire(token)
        }
        tasks[kind] = (token, task)
    }

    /// True (and forgets the timer) if `token` is the live timer of `kind`.
    mutating func take(_ kind: Kind, token: UInt64) -> Bool {
        guard tasks[kind]?.token == token else { return false }
        tasks.removeValue(forKey: kind)
        return true
    }

    mutating func cancel(_ kind: Kind) {
        tasks.removeValue(forKey: kind)?.task.cancel()
    }

    mutating func cancelAll() {
        for entry in tasks.values { entry.task.cancel() }
        tasks.removeAll()
    }
}
