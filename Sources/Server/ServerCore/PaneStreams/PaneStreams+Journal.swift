// The journal seen from outside PaneStreams (the REST extension): a pane's journal is the one
// its mirror writes to, or, for a pane not mirrored now (its session ended, the server
// restarted), the one last written for that pane id. Reads replay files, so they run on the
// journal's own threads, never on a request's task: a screen at a moment on its reader threads,
// a search or an export (a scan of the whole journal, seconds for a full one) on its scan
// threads, so that a seek never waits behind a scan.
import Foundation

extension PaneStreams {
    /// True when journals are kept.
    public var keepsJournals: Bool { journals != nil }

    /// What `pane`'s journal holds, nil when it has none.
    public func journalContents(pane: String) async -> JournalContents? {
        await reading { $0.journal(pane: pane)?.contents() }
    }

    /// `pane`'s screen at `us` (µs since the epoch), nil when nothing is recorded by then.
    public func journalScreen(pane: String, at us: Int64) async -> JournalScreenImage? {
        await reading { $0.journal(pane: pane)?.screen(at: us) }
    }

    /// The moments `query` came on `pane`'s screen (the newest `limit`), nil when it has no
    /// journal.
    public func journalSearch(
        pane: String, query: String, limit: Int
    ) async -> (hits: [JournalSearchHit], truncated: Bool)? {
        await scanning { $0.journal(pane: pane)?.search(query, limit: limit) }
    }

    /// Runs `body`, a read of one moment, on a journal reader thread.
    public func reading<T: Sendable>(_ body: @escaping @Sendable (PaneStreams) -> T) async -> T {
        await BlockingWorkers.journal.run { body(self) }
    }

    /// Runs `body`, a scan of a whole journal (`journalReplay` for an export), on a journal scan
    /// thread.
    public func scanning<T: Sendable>(_ body: @escaping @Sendable (PaneStreams) -> T) async -> T {
        await BlockingWorkers.journalScan.run { body(self) }
    }

    /// The screen of `pane` at `from` (nil: its first record) to `start`, then each record after
    /// it up to `to` to `events`; false when it has no journal.
    public func journalReplay(
        pane: String, from: Int64?, to: Int64?, start: (JournalScreenImage) -> Bool,
        events: (Int64, JournalEvent) -> Bool
    ) -> Bool {
        guard let journal = journal(pane: pane) else { return false }
        journal.replay(
            from: from, to: to,
            start: { screen, us in
                start(
                    JournalScreenImage(
                        us: us, rows: screen.rows, cols: screen.cols, bytes: screen.image(historyLimit: 0).encoded()))
            }, events: events)
        return true
    }

    /// Marks `pane`'s timeline now (a wait began, an answer, a status change).
    public func journalMark(pane: String, kind: String, text: String) {
        guard let journal = state.withLock({ $0.mirrors[pane]?.journal }) else { return }
        journal.append(.mark(kind: kind, text: text), at: JournalStore.nowUs())
    }

    private func journal(pane: String) -> PaneJournal? {
        guard let journals else { return nil }
        return state.withLock({ $0.mirrors[pane]?.journal }) ?? journals.latestJournal(pane: pane)
    }
}
