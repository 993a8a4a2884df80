// Rewind in the model: `R` on a session (or `r` in an attached session's scrollback) asks its
// server for the journal, then for the screen at the newest stop; each step asks for the screen
// at its moment. A screen that arrives for a moment no longer asked for is dropped. `b` goes to
// when the session's newest banner fired, `'` to when the user last looked at it, `/` searches
// its past screens on the server. Esc goes back to live, where the page underneath (the wall, the
// attached session) never stopped.
import ClaudePMProtocol
import Foundation

extension AppState {
    /// Starts rewinding `key`.
    mutating func openRewind(_ key: SessionKey, at moment: Date? = nil) -> [AppEffect] {
        rewind = RewindState(key: key, startMs: moment.map { serverMs($0, server: key.server) })
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
        case .whenBanner, .whenLooked:
            return jumpRewind(&state, to: action == .whenBanner ? bannerMoment(state.key) : lookedMoment(state.key))
        case .search:
            state.search = RewindSearch()
            rewind = state
            return []
        case .searchNext, .searchPrevious:
            guard state.search?.step(action == .searchNext ? -1 : 1) == true, let hit = state.search?.shownHit else {
                flash = state.search?.hits?.isEmpty == false ? "no more matches that way" : nil
                return []
            }
            return jumpRewind(&state, to: (ms: hit.atMs, what: "a match"))
        case .back:
            rewind = nil
            return [.showRewindScreen(nil)]
        default: return []
        }
        guard let atMs = state.move(step) else { return [] }
        rewind = state
        return [.network(.loadJournalScreen(state.key, atMs: atMs))]
    }

    /// Goes to `moment` (nil: `flash` says why not).
    private mutating func jumpRewind(
        _ state: inout RewindState, to moment: (ms: Int64, what: String)?
    ) -> [AppEffect] {
        guard let moment else { return [] }
        guard let atMs = state.jump(to: moment.ms) else {
            flash = state.index == nil ? "the journal is not loaded yet" : "shown: \(moment.what)"
            rewind = state
            return []
        }
        rewind = state
        return [.network(.loadJournalScreen(state.key, atMs: atMs))]
    }

    /// When `key`'s newest banner (notification) fired, on its server's clock.
    private mutating func bannerMoment(_ key: SessionKey) -> (ms: Int64, what: String)? {
        guard let item = notifications.items.filter({ $0.sessionKey == key }).max(by: { $0.createdAt < $1.createdAt })
        else {
            flash = "no banner about this session"
            return nil
        }
        return (serverMs(item.createdAt, server: key.server), "when its banner fired")
    }

    /// When the user last stopped looking at `key`, on its server's clock.
    private mutating func lookedMoment(_ key: SessionKey) -> (ms: Int64, what: String)? {
        guard let date = looked.last[key] else {
            flash = "not looked at before (claudepm keeps when a session left the screen)"
            return nil
        }
        return (serverMs(date, server: key.server), "when you last looked")
    }

    /// `date` on our clock as ms since the epoch on `server`'s clock (the journal's times).
    func serverMs(_ date: Date, server: String) -> Int64 {
        Int64((notifications.serverTime(date, server: server).timeIntervalSince1970 * 1000).rounded())
    }

    /// Typing rewind's search: Enter asks the server, Esc closes it.
    mutating func editRewindSearch(_ key: AppKey) -> [AppEffect] {
        guard var state = rewind, let search = state.search else { return [] }
        switch TextEdit.apply(key, to: search.query) {
        case .editing(let text): state.search?.query = text
        case .cancelled: state.search = nil
        case .submitted(let text):
            guard !text.isEmpty else {
                state.search = nil
                break
            }
            state.search = RewindSearch(query: text, editing: false)
            rewind = state
            return [.network(.searchJournal(state.key, query: text))]
        }
        rewind = state
        return []
    }

    mutating func rewindSearched(_ key: SessionKey, _ result: JournalSearch) -> [AppEffect] {
        guard var state = rewind, state.key == key, var search = state.search, search.query == result.query,
            !search.editing
        else { return [] }
        search.found(result, before: state.atMs)
        state.search = search
        guard let hit = search.shownHit else {
            rewind = state
            return []
        }
        return jumpRewind(&state, to: (ms: hit.atMs, what: "a match"))
    }

    mutating func rewindLoaded(_ key: SessionKey, _ summary: JournalSummary) -> [AppEffect] {
        guard var state = rewind, state.key == key else { return [] }
        let first = state.load(summary)
        rewind = state
        return first.map { [.network(.loadJournalScreen(key, atMs: $0))] } ?? []
    }

    mutating func rewindScreenArrived(_ key: SessionKey, _ asked: Int64, _ screen: JournalScreen) -> [AppEffect] {
        guard var state = rewind, state.key == key, state.atMs == asked else { return [] }
        state.shownMs = asked
        state.changedMs = screen.atMs
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
