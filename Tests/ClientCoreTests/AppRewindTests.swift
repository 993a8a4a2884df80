// Rewind in the model: R asks for the journal, then the screen at the newest stop; steps go by
// bursts' ends and marks; a screen answering a moment no longer asked for is dropped; Esc is
// live again; a server without a journal is said so.
import ClaudePMProtocol
import ClientCore
import Testing

@Suite struct AppRewindTests {
    static let summary = JournalSummary(
        sessionId: AppWorld.a.sessionId, fromMs: 1_000, toMs: 9_000, bytes: 4096,
        marks: [JournalMark(atMs: 5_000, kind: "waiting", text: "Allow Bash?")],
        activity: [
            JournalActivity(fromMs: 1_000, toMs: 2_000, bytes: 1000),
            JournalActivity(fromMs: 3_000, toMs: 4_000, bytes: 1000),
            JournalActivity(fromMs: 8_000, toMs: 9_000, bytes: 2096),
        ])

    @Test func aLongBurstIsSteppedThroughEveryTenSeconds() {
        var state = AppWorld.state()
        _ = state.press(.char("R"))
        let summary = JournalSummary(
            sessionId: AppWorld.a.sessionId, fromMs: 0, toMs: 35_000, bytes: 1, marks: [],
            activity: [JournalActivity(fromMs: 0, toMs: 35_000, bytes: 1)])
        _ = state.reduce(.journalLoaded(AppWorld.a, summary))
        #expect(state.rewind?.stops == [0, 10_000, 20_000, 30_000, 35_000])
    }

    static func screen(_ at: Int64) -> JournalScreen { JournalScreen(atMs: at, rows: 2, cols: 10, data: "at \(at)") }

    @Test func rewindStepsThroughBurstsAndMarksAndEscIsLive() {
        var state = AppWorld.state()
        #expect(state.press(.char("R")) == [.network(.loadJournal(AppWorld.a))])
        #expect(state.activeKeyViews == [.rewind])
        let loaded = state.reduce(.journalLoaded(AppWorld.a, Self.summary))
        #expect(loaded == [.network(.loadJournalScreen(AppWorld.a, atMs: 9_000))])
        #expect(state.rewind?.stops == [1_000, 2_000, 4_000, 5_000, 9_000], "the oldest moment, bursts' ends, a mark")
        #expect(
            state.reduce(.journalScreenLoaded(AppWorld.a, askedMs: 9_000, Self.screen(9_000))) == [
                .showRewindScreen(Self.screen(9_000))
            ])
        #expect(state.rewind?.shownMs == 9_000)
        #expect(state.press(.char("h")) == [.network(.loadJournalScreen(AppWorld.a, atMs: 5_000))])
        #expect(state.rewind?.markShown?.text == "Allow Bash?")
        #expect(state.press(.char("[")).isEmpty, "no mark before the only one")
        #expect(
            state.press(.char("g")).isEmpty
                && state.press(.char("g")) == [.network(.loadJournalScreen(AppWorld.a, atMs: 1_000))])
        #expect(state.press(.char("]")) == [.network(.loadJournalScreen(AppWorld.a, atMs: 5_000))])
        // The answer for 1 000 arrives after the step to 5 000: dropped.
        #expect(state.reduce(.journalScreenLoaded(AppWorld.a, askedMs: 1_000, Self.screen(1_000))).isEmpty)
        #expect(state.rewind?.shownMs == 9_000)
        #expect(state.press(.char("G")) == [.network(.loadJournalScreen(AppWorld.a, atMs: 9_000))])
        #expect(state.press(.escape) == [.showRewindScreen(nil)])
        #expect(state.rewind == nil && state.page == .sessions)
    }

    @Test func rewindFromAnAttachedSessionsScrollbackLeavesItAttached() {
        var state = AppWorld.state()
        _ = state.press(.enter)
        _ = state.press(.shiftPageUp)
        #expect(state.press(.char("r")) == [.network(.loadJournal(AppWorld.a))])
        #expect(state.scrollback == nil && state.rewind?.key == AppWorld.a)
        #expect(state.press(.char("q")) == [.showRewindScreen(nil)], "q leaves rewind, it is not typed")
        #expect(state.page == .attached(AppWorld.a))
    }

    @Test func noJournalIsSaidSo() {
        var state = AppWorld.state()
        _ = state.press(.char("R"))
        _ = state.reduce(.journalFailed(AppWorld.a, "local keeps no journal"))
        #expect(state.rewind?.problem == "local keeps no journal")
        var empty = AppWorld.state()
        _ = empty.press(.char("R"))
        let nothing = JournalSummary(
            sessionId: AppWorld.a.sessionId, fromMs: nil, toMs: nil, bytes: 0, marks: [], activity: [], enabled: false)
        #expect(empty.reduce(.journalLoaded(AppWorld.a, nothing)).isEmpty)
        #expect(empty.rewind?.problem?.contains("no journal") == true)
    }
}
