// The find overlay in the pure model: `f` opens it and watches every live session of the list
// (up to the limit), typing edits the query, results from the runtime land in it, arrows move
// the focus, Enter attaches to the focused hit's session in scrollback mode on that match, Esc
// closes it and drops the streams opened for it.

import ClaudePMProtocol
import ClientCore
import Foundation
import Testing

@Suite struct AppFindTests {
    func results(_ query: String, _ hits: [FindHit]) -> FindResults {
        FindResults(query: query, hits: hits, total: hits.count, searched: 3, live: 3)
    }

    @Test func fOpensTheOverlayAndWatchesEveryLiveSessionOfTheList() {
        var state = AppWorld.state(size: GridSize(cols: 120, rows: 40))
        state.zoomed = AppWorld.a
        _ = state.reduce(.resized(state.size))
        let before = state.watched
        #expect(before == [AppWorld.a], "one zoomed tile on the wall")
        let effects = state.press(.char("f"))
        #expect(state.find == FindState())
        #expect(state.findKeys == [AppWorld.a, AppWorld.b, AppWorld.c])
        let watched = Set(effects.compactMap { if case .watch(let key, _) = $0 { key } else { nil } })
        #expect(watched == [AppWorld.b, AppWorld.c], "\(effects)")
        #expect(!state.findKeys.contains(AppWorld.done), "a completed session has no screen to search")
    }

    @Test func typingEditsTheQueryAndEscClosesAndUnwatches() {
        var state = AppWorld.state()
        let wall = state.watched
        _ = state.press(.char("f"), .char("E"), .char("r"), .char("r"), .backspace, .paste("or\nx"))
        #expect(state.find?.query == "Eror x")
        #expect(state.activeKeyViews.isEmpty, "the overlay takes every key: j, k, q are typed")
        _ = state.press(.char("q"), .char("j"))
        #expect(state.find?.query == "Eror xqj")
        #expect(!state.isQuitting)
        let effects = state.press(.escape)
        #expect(state.overlay == nil)
        let unwatched = Set(effects.compactMap { if case .unwatch(let key) = $0 { key } else { nil } })
        #expect(state.watched == wall)
        #expect(unwatched == Set([AppWorld.a, AppWorld.b, AppWorld.c]).subtracting(wall), "\(effects)")
    }

    @Test func resultsArriveAndArrowsMoveTheFocusWithinThem() {
        var state = AppWorld.state()
        _ = state.press(.char("f"), .char("x"))
        let hits = [
            FindHit(key: AppWorld.a, line: 9, fromNewest: 0, text: "x1"),
            FindHit(key: AppWorld.a, line: 4, fromNewest: 1, text: "x2"),
            FindHit(key: AppWorld.c, line: 7, fromNewest: 0, text: "x3"),
        ]
        _ = state.reduce(.findResults(results("x", hits)))
        #expect(state.find?.focused == hits[0])
        _ = state.press(.down, .ctrl("n"), .down)
        #expect(state.find?.focused == hits[2], "the focus stops at the last hit")
        _ = state.press(.ctrl("p"))
        #expect(state.find?.focused == hits[1])
        // New output adds a hit above: the focus stays on the same line.
        let more = [FindHit(key: AppWorld.a, line: 12, fromNewest: 0, text: "x0")] + hits
        _ = state.reduce(.findResults(results("x", more)))
        #expect(state.find?.focused == hits[1])
        // Typing starts again from the first hit.
        _ = state.press(.char("y"))
        #expect(state.find?.cursor == 0)
    }

    @Test func enterAttachesToTheHitsSessionInScrollbackOnThatMatch() {
        var state = AppWorld.state()
        _ = state.press(.char("f"), .char("E"), .char("R"))
        let hits = [
            FindHit(key: AppWorld.b, line: 30, fromNewest: 0, text: "an error"),
            FindHit(key: AppWorld.c, line: 8, fromNewest: 2, text: "ERror again"),
        ]
        _ = state.reduce(.findResults(results("ER", hits)))
        let effects = state.press(.down, .enter)
        #expect(state.page == .attached(AppWorld.c))
        #expect(effects.contains(.attach(AppWorld.c, state.attachSize)), "\(effects)")
        #expect(state.overlay == nil)
        #expect(state.scrollback == ScrollbackState(query: "ER", match: 2))
        #expect(state.activeKeyViews == [.scrollback], "n/N go on from there; q goes live")
    }

    @Test func enterWithNothingFoundSaysSoAndStays() {
        var state = AppWorld.state()
        _ = state.press(.char("f"), .enter)
        #expect(state.flash == "type what to find")
        _ = state.press(.char("z"))
        _ = state.reduce(.findResults(results("z", [])))
        _ = state.press(.enter)
        #expect(state.flash == "no match to open")
        #expect(state.find?.query == "z")
        #expect(state.page == .sessions)
    }

    @Test func resultsAfterTheOverlayClosedAreDropped() {
        var state = AppWorld.state()
        _ = state.press(.char("f"), .char("x"), .escape)
        _ = state.reduce(.findResults(results("x", [FindHit(key: AppWorld.a, line: 1, fromNewest: 0, text: "x")])))
        #expect(state.overlay == nil)
    }

    @Test func theWatchedSessionsAreBoundedOnABigFleet() {
        var state = AppState(servers: ["big"], now: AppWorld.t0, size: GridSize(cols: 120, rows: 40))
        _ = state.reduce(.serverLink(server: "big", link: .online))
        _ = state.reduce(.serverStreams(server: "big", paneStreams: true))
        let many = (0..<300).map { AppWorld.session(AppWorld.key("big", $0)) }
        _ = state.reduce(.sessionsLoaded(server: "big", sessions: many))
        _ = state.press(.char("f"))
        #expect(state.findKeys.count == FindState.watchLimit)
        #expect(state.watched.count == FindState.watchLimit)
        #expect(state.findLiveCount == 300)
    }
}
