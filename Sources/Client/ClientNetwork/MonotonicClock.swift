// The real clock behind ClientCore's MonotonicTime, and a set of cancellable timers keyed by
// kind: the drivers of the pure state machines use both to turn "fire at T" actions into tasks.

import ClientCore
import Dispatch

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
///
/// Each timer is a one-shot `DispatchSourceTimer`, not a task sleeping: `Task.sleep` rests on a
/// libdispatch timer that cancelling the task does not disarm, so every cancelled deadline (a pong
/// that came in time, typing that went out) still woke the process when it would have fired. A
/// cancelled source never fires.
struct TimerSet<Kind: Hashable & Sendable>: Sendable {
    private var timers: [Kind: (token: UInt64, source: TimerSource)] = [:]
    private var nextToken: UInt64 = 0

    mutating func schedule(
        _ kind: Kind, at time: MonotonicTime, clock: MonotonicClock,
        fire: @escaping @Sendable (_ token: UInt64) async -> Void
    ) {
        cancel(kind)
        nextToken += 1
        let token = nextToken
        let delay = max(0, (time - clock.now()).nanosecondsClamped)
        let source = DispatchSource.makeTimerSource(queue: .global())
        source.schedule(
            deadline: .now() + .nanoseconds(Int(clamping: delay)), repeating: .never, leeway: .milliseconds(1))
        source.setEventHandler { Task { await fire(token) } }
        source.resume()
        timers[kind] = (token, TimerSource(source: source))
    }

    /// True (and forgets the timer) if `token` is the live timer of `kind`.
    mutating func take(_ kind: Kind, token: UInt64) -> Bool {
        guard timers[kind]?.token == token else { return false }
        timers.removeValue(forKey: kind)?.source.cancel()
        return true
    }

    mutating func cancel(_ kind: Kind) {
        timers.removeValue(forKey: kind)?.source.cancel()
    }

    mutating func cancelAll() {
        for entry in timers.values { entry.source.cancel() }
        timers.removeAll()
    }
}
