// Coalesces "this pane wrote something" marks from control-client reader threads into one
// flush per short delay: a pane flooding output costs one capture per flush, not one per
// `%output` line, and an idle pane costs nothing.
import Foundation
import Synchronization

/// Collects dirty panes and hands them over in batches.
final class OutputTicker: Sendable {
    /// A pane and the tmux session whose control client reported it.
    struct Mark: Hashable, Sendable {
        var pane: String
        var session: String
    }

    private struct State {
        var dirty: Set<Mark> = []
        var scheduled = false
    }

    private let state = Mutex(State())
    private let delay: Duration
    private let flush: @Sendable (Set<Mark>) async -> Void

    /// A ticker that calls `flush` `delay` after the first mark of each batch.
    init(delay: Duration, flush: @escaping @Sendable (Set<Mark>) async -> Void) {
        self.delay = delay
        self.flush = flush
    }

    /// Marks `pane` dirty; schedules a flush if none is pending.
    func mark(_ pane: String, session: String) {
        let schedule = state.withLock { s -> Bool in
            s.dirty.insert(Mark(pane: pane, session: session))
            guard !s.scheduled else { return false }
            s.scheduled = true
            return true
        }
        guard schedule else { return }
        let delay = delay
        Task { [weak self] in
            try? await Task.sleep(for: delay)
            guard let self else { return }
            let batch = self.state.withLock { s -> Set<Mark> in
                s.scheduled = false
                defer { s.dirty = [] }
                return s.dirty
            }
            await self.flush(batch)
        }
    }
}
