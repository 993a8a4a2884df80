// Triage's own state and reducer: the queue of waiting sessions (ClientCore's TriageQueue), the
// jump that follows the last one, and where `T` returns to. It knows nothing of servers or
// pages beyond the one it keeps; `AppState+Triage` says which sessions may be jumped to and
// carries out the jump.

/// Triage: the queue of waiting sessions (order, snoozes, the last jump) and where `T` returns to.
public struct TriageState: Equatable, Sendable {
    /// Waiting sessions across servers, most urgent first (ClientCore's `TriageQueue`).
    public var queue = TriageQueue()
    /// The page before the first triage jump.
    public var returnTo: MainPage?
    /// The selection before the first triage jump.
    public var returnSelection: SessionKey?

    /// Creates an empty triage state.
    public init() {}

    /// Where `T` goes back to: the page and selection before the first jump.
    public struct Return: Equatable, Sendable {
        /// The page.
        public var page: MainPage
        /// The selection then (nil: keep the current one).
        public var selection: SessionKey?

        /// A return to `page` with `selection`.
        public init(page: MainPage, selection: SessionKey?) {
            self.page = page
            self.selection = selection
        }
    }

    /// The next session to jump to after the last jump, in the queue's order (wrapping), among
    /// `candidates`; on `page` with `selection` now. The first jump remembers `page` and
    /// `selection` for `T`. When no candidate waits, the queue's cursor stays where it was (the
    /// next `t` must not skip the most urgent wait) and nil is returned.
    public mutating func jump(
        among candidates: Set<SessionKey>, now: MonotonicTime, from page: MainPage, selection: SessionKey?
    ) -> SessionKey? {
        let before = queue
        var next: SessionKey?
        for _ in 0...queue.count(now: now) where next == nil {
            guard let item = queue.next(now: now) else { break }
            if candidates.contains(item.key) { next = item.key }
        }
        guard let next else {
            queue = before
            return nil
        }
        if returnTo == nil {
            returnTo = page
            returnSelection = selection
        }
        return next
    }

    /// Ends the jumps: where to go back to (nil when there was no jump), and the queue starts
    /// over at the most urgent wait.
    public mutating func takeReturn() -> Return? {
        guard let page = returnTo else { return nil }
        defer {
            returnTo = nil
            returnSelection = nil
            queue.resetCursor()
        }
        return Return(page: page, selection: returnSelection)
    }
}
