// Rewind in the model: `R` on a session (or `r` in an attached session's scrollback) asks its
// server for the journal, then for the screen at the newest stop; each step asks for the screen
// at its moment. A screen that arrives for a moment no longer asked for is dropped. Esc goes
// back to live, where the page underneath (the wall, the attached session) never stopped.
import ClaudePMProtocol

extension AppState {
    /// Starts rewinding `key`.
    mutating func openRewind(_ key: SessionKey) -> [AppEffect] {
        rewind = RewindState(key: key)
        return [.network(.loadJournal(key))]
    }

    mutating func performRewind(_ action: AppAction) -> [AppEffect] {
        guard var state = rewind else { return [] }
        let step: RewindStep
        switch action {
        case .left: step = .by(-1)
        case .right: step = .by(1)
        case .pageUp: step = .by(-10)
        case .pageDown: step = .by(10)
        case .top: step = .first
        case .bottom: step = .last
        case .previousMark: step = .previousMark
        case .nextMark: step = .nextMark
        case .back:
            rewind = nil
            return [.showRewindScreen(nil)]
        default: return []
        }
        guard let atMs = state.move(step) else { return [] }
        rewind = state
        return [.network(.loadJournalScreen(state.key, atMs: atMs))]
    }

    mutating func rewindLoaded(_ key: SessionKey, _ summary: JournalSummary) -> [AppEffect] {
        guard var state = rewind, state.key == key else { return [] }
        let first = state.load(summary)
        rewind = state
        return first.map { [.network(.loadJournalScreen(key, atMs: $0))] } ?? []
    }

    mutating func rewindScreenArrived(_ key: SessionKey, _ asked: Int64, _ screen: JournalScreen) -> [AppEffect] {
        guard var state = rewind, state.key == key, state.atMs == asked else { return [] }
        state.shownMs = screen.atMs
        state.problem = nil
        rewind = state
        return [.showRewindScreen(screen)]
    }

    mutating func rewindFailed(_ key: SessionKey, _ problem: String) -> [AppEffect] {
        guard var state = rewind, state.key == key else { return [] }
        state.problem = problem
        rewind = state
        return []
    }
}
