// Rewind's jumps: `b` to when the session's newest banner fired and `R` on a banner to that moment
// (both on the server's clock, which the journal keeps), `'` to when the user last looked at it
// (the last time it left the screen, also as saved by an earlier run), and `/` a search of its
// past screens whose hits `n` and `N` go through, each shown with its screen asked for.
import ClaudePMProtocol
import ClientCore
import Foundation
import Testing

@Suite struct AppRewindJumpTests {
    /// t0 in ms on a server `offset` seconds ahead of us.
    static func serverMs(_ seconds: Double, offset: Double = 0) -> Int64 {
        Int64(((AppWorld.t0.timeIntervalSince1970 + seconds + offset) * 1000).rounded())
    }

    /// Ten minutes of journal around t0 (server time `offset` ahead), a burst ending every minute.
    static func summary(offset: Double = 0) -> JournalSummary {
        let activity = (-5...5).map { minute in
            let end = serverMs(Double(minute * 60), offset: offset)
            return JournalActivity(fromMs: end - 500, toMs: end, bytes: 100)
        }
        return JournalSummary(
            sessionId: AppWorld.a.sessionId, fromMs: serverMs(-301, offset: offset),
            toMs: serverMs(300, offset: offset), bytes: 1100, marks: [], activity: activity)
    }

    @Test func bGoesToWhenTheBannerFiredOnTheServersClock() {
        var state = AppWorld.state()
        _ = state.reduce(.serverClock(server: "local", offsetSeconds: 3600))
        let item = AppWorld.listed("n1", session: AppWorld.a, at: 3600 - 30)
        _ = state.reduce(.notificationsLoaded(server: "local", items: [item], resync: true))
        _ = state.press(.char("R"))
        _ = state.reduce(.journalLoaded(AppWorld.a, Self.summary(offset: 3600)))
        let fired = Self.serverMs(-30, offset: 3600)
        #expect(state.press(.char("b")) == [.network(.loadJournalScreen(AppWorld.a, atMs: fired))])
        #expect(state.rewind?.atMs == fired && state.rewind?.stops.contains(fired) == true)
        #expect(state.press(.char("b")).isEmpty && state.flash == "shown: when its banner fired")
        _ = state.press(.escape)
        _ = state.press(.char("j"))
        _ = state.press(.char("R"))
        #expect(state.rewind?.key == AppWorld.b)
        _ = state.reduce(.journalLoaded(AppWorld.b, Self.summary(offset: 3600)))
        #expect(state.press(.char("b")).isEmpty && state.flash == "no banner about this session")
    }

    @Test func rOnABannerOpensItsSessionAtTheMomentItFired() {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.tick(40))
        _ = state.reduce(AppWorld.waits(AppWorld.a, .permissionPrompt, at: 40))
        let fired = try? #require(state.banner?.notification)
        #expect(fired?.sessionKey == AppWorld.a)
        #expect(state.press(.char("R")) == [.network(.loadJournal(AppWorld.a))])
        #expect(
            state.reduce(.journalLoaded(AppWorld.a, Self.summary())) == [
                .network(.loadJournalScreen(AppWorld.a, atMs: Self.serverMs(40)))
            ], "the banner's moment, not the newest")
        #expect(state.banner != nil, "the banner stays, to be answered once back live")
        _ = state.press(.escape)
        #expect(state.activeKeyViews.first == .banner)
    }

    @Test func quoteGoesToWhenTheSessionLastLeftTheScreen() {
        var state = AppWorld.state()
        #expect(state.looked.inView.contains(AppWorld.a), "a's tile is on the wall")
        _ = state.press(.char("R"))
        _ = state.reduce(.journalLoaded(AppWorld.a, Self.summary()))
        #expect(state.press(.char("'")).isEmpty && state.flash?.hasPrefix("not looked at before") == true)
        _ = state.press(.escape)
        state.wait(10)
        _ = state.press(.char("j"), .enter)
        #expect(state.attachedSession == AppWorld.b)
        #expect(state.looked.last[AppWorld.a] == AppWorld.t0.addingTimeInterval(10), "a left the screen")
        state.wait(100)
        _ = state.press(.ctrl("]"))
        _ = state.press(.char("k"), .char("R"))
        #expect(state.rewind?.key == AppWorld.a)
        _ = state.reduce(.journalLoaded(AppWorld.a, Self.summary()))
        #expect(state.press(.char("'")) == [.network(.loadJournalScreen(AppWorld.a, atMs: Self.serverMs(10)))])
    }

    @Test func aLookWhileTheSessionPrintedWithoutPauseIsShownToo() {
        // One burst from the journal's start to its end, stepped every 10 s, none at the look.
        var state = AppWorld.state()
        _ = state.reduce(.lookedLoaded([AppWorld.a: AppWorld.t0.addingTimeInterval(-200)]))
        _ = state.press(.char("R"))
        let summary = JournalSummary(
            sessionId: AppWorld.a.sessionId, fromMs: Self.serverMs(-301), toMs: Self.serverMs(300), bytes: 9000,
            marks: [], activity: [JournalActivity(fromMs: Self.serverMs(-301), toMs: Self.serverMs(300), bytes: 9000)])
        _ = state.reduce(.journalLoaded(AppWorld.a, summary))
        #expect(state.rewind?.stops.first == Self.serverMs(-301) && state.rewind?.stops.last == Self.serverMs(300))
        #expect(state.rewind?.stops.contains(Self.serverMs(-200)) == false, "no stop at the look")
        #expect(state.press(.char("'")) == [.network(.loadJournalScreen(AppWorld.a, atMs: Self.serverMs(-200)))])
        let screen = JournalScreen(atMs: Self.serverMs(-250), rows: 2, cols: 10, data: "quiet")
        _ = state.reduce(.journalScreenLoaded(AppWorld.a, askedMs: Self.serverMs(-200), screen))
        #expect(state.rewind?.shownMs == Self.serverMs(-200), "the moment asked for, which the screen stands for")
        #expect(state.rewind?.changedMs == Self.serverMs(-250), "its last change")
    }

    @Test func looksSavedByAnEarlierRunCountAndTheNewerWins() {
        var state = AppWorld.state()
        _ = state.reduce(.lookedLoaded([AppWorld.a: AppWorld.t0.addingTimeInterval(-3600)]))
        #expect(state.looked.last[AppWorld.a] == AppWorld.t0.addingTimeInterval(-3600))
        _ = state.reduce(.lookedLoaded([AppWorld.a: AppWorld.t0.addingTimeInterval(-7200)]))
        #expect(state.looked.last[AppWorld.a] == AppWorld.t0.addingTimeInterval(-3600), "an older one does not win")
        let saved = state.looked.saved(at: AppWorld.t0)
        #expect(saved[AppWorld.b] == AppWorld.t0, "on screen at quit: looked at until then")
        #expect(saved[AppWorld.a] == AppWorld.t0, "a's tile is on screen too")
        _ = state.press(.char("j"), .enter)
        let later = AppWorld.t0.addingTimeInterval(8 * 24 * 3600)
        #expect(state.looked.saved(at: later) == [AppWorld.b: later], "a week is kept; b is on screen")
    }

    @Test func slashSearchesPastScreensAndNGoesThroughTheHits() {
        var state = AppWorld.state()
        _ = state.press(.char("R"))
        _ = state.reduce(.journalLoaded(AppWorld.a, Self.summary()))
        #expect(state.press(.char("/")).isEmpty && state.rewind?.search?.editing == true)
        #expect(state.press(.char("h"), .char("i")).isEmpty, "typed into the search, not steps")
        #expect(state.rewind?.search?.query == "hi" && state.rewind?.atMs == Self.serverMs(300))
        _ = state.press(.backspace, .char("x"))
        #expect(state.press(.enter) == [.network(.searchJournal(AppWorld.a, query: "hx"))])
        let hits = [-200.0, -100, 100].map { JournalHit(atMs: Self.serverMs($0), row: 2, col: 4, line: "  hx") }
        let result = JournalSearch(query: "hx", hits: hits, truncated: false)
        #expect(
            state.reduce(.journalSearched(AppWorld.a, JournalSearch(query: "other", hits: hits, truncated: false)))
                .isEmpty, "an answer to another search is dropped")
        #expect(
            state.reduce(.journalSearched(AppWorld.a, result)) == [
                .network(.loadJournalScreen(AppWorld.a, atMs: Self.serverMs(100)))
            ], "the newest hit at or before the moment shown")
        #expect(state.press(.char("n")) == [.network(.loadJournalScreen(AppWorld.a, atMs: Self.serverMs(-100)))])
        #expect(state.press(.char("n")) == [.network(.loadJournalScreen(AppWorld.a, atMs: Self.serverMs(-200)))])
        #expect(state.press(.char("n")).isEmpty && state.flash == "no more matches that way")
        #expect(state.press(.char("N")) == [.network(.loadJournalScreen(AppWorld.a, atMs: Self.serverMs(-100)))])
        _ = state.press(.char("/"), .char("z"), .escape)
        #expect(state.rewind?.search == nil && state.rewind != nil, "Esc closes the search, not rewind")
        _ = state.press(.char("/"), .char("z"), .enter)
        _ = state.reduce(.journalSearched(AppWorld.a, JournalSearch(query: "z", hits: [], truncated: false)))
        #expect(state.rewind?.search?.hits == [] && state.rewind?.search?.current == nil)
    }
}
