// Coalesces "this pane wrote something" marks from control-client reader threads into flushes:
// a pane flooding output costs one capture per busy interval, not one per `%output` line, and an
// idle pane costs nothing.
import Foundation
import Synchronization

/// Collects dirty panes and hands them over in batches. A pane that was quiet is handed over
/// `delay` after its first mark. A pane that keeps writing is handed over once it has been quiet
/// for `quiet` (a prompt printed after a flood is the pane's last output, so it is read at once),
/// and at least once per `busyInterval` while it never goes quiet: a read of every flooding pane
/// 20 times a second was the largest part of the server's CPU on a busy wall (nine panes at
/// 64 KB/s), and what a flood's screen shows in between matters to no one.
final class OutputTicker: Sendable {
    /// A pane and the tmux session whose control client reported it.
    struct Mark: Hashable, Sendable {
        var pane: String
        var session: String
    }

    private struct State {
        /// Marked panes and when each may be handed over.
        var due: [Mark: ContinuousClock.Instant] = [:]
        /// When each pane was last handed over (kept for `busyInterval`).
        var flushed: [Mark: ContinuousClock.Instant] = [:]
        /// When the pending wake-up runs, if one is pending.
        var wake: ContinuousClock.Instant?
    }

    private let state = Mutex(State())
    private let delay: Duration
    private let quiet: Duration
    private let busyInterval: Duration
    private let flush: @Sendable (Set<Mark>) async -> Void

    /// A ticker that calls `flush` `delay` after a quiet pane's first mark, and for a pane that
    /// keeps writing once it was quiet for `quiet` or `busyInterval` after its last hand-over,
    /// whichever comes first.
    init(
        delay: Duration, quiet: Duration = .milliseconds(20), busyInterval: Duration = .milliseconds(250),
        flush: @escaping @Sendable (Set<Mark>) async -> Void
    ) {
        self.delay = delay
        self.quiet = max(quiet, delay)
        self.busyInterval = max(busyInterval, delay)
        self.flush = flush
    }

    /// Marks `pane` dirty; schedules a wake-up if none is pending early enough.
    func mark(_ pane: String, session: String) {
        let now = ContinuousClock.now
        let wake = state.withLock { s -> ContinuousClock.Instant? in
            let mark = Mark(pane: pane, session: session)
            if let flushed = s.flushed[mark], now - flushed < busyInterval {
                // Busy: each mark moves the quiet read later; the busy interval bounds it.
                s.due[mark] = min(now + quiet, flushed + busyInterval)
            } else if s.due[mark] == nil {
                s.due[mark] = now + delay
            }
            guard let next = s.due.values.min(), s.wake.map({ next < $0 }) ?? true else { return nil }
            s.wake = next
            return next
        }
        if let wake { schedule(at: wake) }
    }

    /// Flushes run below the priority of requests (a session start, a route): panes that keep
    /// writing must not starve the work a user waits for on the same actors.
    private func schedule(at instant: ContinuousClock.Instant) {
        Task(priority: .utility) { [weak self] in
            try? await Task.sleep(until: instant, clock: .continuous)
            await self?.fire(scheduledAt: instant)
        }
    }

    /// Hands over the panes that are due and schedules the next wake-up. A wake-up that an
    /// earlier one replaced does nothing.
    private func fire(scheduledAt instant: ContinuousClock.Instant) async {
        let now = ContinuousClock.now
        let (batch, next) = state.withLock { s -> (Set<Mark>, ContinuousClock.Instant?) in
            guard s.wake == instant else { return ([], nil) }
            let batch = Set(s.due.filter { $0.value <= now }.keys)
            for mark in batch {
                s.due[mark] = nil
                s.flushed[mark] = now
            }
            s.flushed = s.flushed.filter { now - $0.value < busyInterval }
            s.wake = s.due.values.min()
            return (batch, s.wake)
        }
        if let next { schedule(at: next) }
        if !batch.isEmpty { await flush(batch) }
    }
}
