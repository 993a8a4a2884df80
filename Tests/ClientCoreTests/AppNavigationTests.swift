import ClientCore
import Foundation
import Testing

@Suite struct AppNavigationTests {
    @Test func loadingSessionsSelectsTheFirstAndWatchesVisibleTiles() {
        var state = AppState(servers: ["local"], now: AppWorld.t0, size: GridSize(cols: 120, rows: 40))
        _ = state.reduce(.serverStreams(server: "local", paneStreams: true))
        let effects = state.reduce(
            .sessionsLoaded(server: "local", sessions: [AppWorld.session(AppWorld.a), AppWorld.session(AppWorld.b)]))
        #expect(state.selection == AppWorld.a)
        #expect(effects == [.watch(AppWorld.a, .default), .watch(AppWorld.b, .default)])
        #expect(state.watched == [AppWorld.a, AppWorld.b])
    }

    @Test func jkMoveAndGgGJumpInDisplayOrder() {
        var state = AppWorld.state()
        let order = state.orderedSessions.map(\.key)
        #expect(order == [AppWorld.a, AppWorld.b, AppWorld.done, AppWorld.c])
        #expect(state.selection == AppWorld.a)
        _ = state.press(.char("j"))
        #expect(state.selection == AppWorld.b)
        _ = state.press(.char("G"))
        #expect(state.selection == AppWorld.c)
        _ = state.press(.char("k"))
        #expect(state.selection == AppWorld.done)
        _ = state.press(.char("g"))
        #expect(state.pendingKey == .char("g"))
        _ = state.press(.char("g"))
        #expect(state.selection == AppWorld.a)
        #expect(state.pendingKey == nil)
    }

    @Test func unknownSecondKeyOfASequenceIsReplayed() {
        var state = AppWorld.state()
        _ = state.press(.char("g"), .char("j"))
        #expect(state.selection == AppWorld.b)
    }

    @Test func gbOpensTheBoardAndGsComesBack() {
        var state = AppWorld.state()
        let project = AppProject(server: "local", id: "p1", name: "webapp")
        _ = state.reduce(.projectsLoaded(server: "local", projects: [project]))
        let effects = state.press(.char("g"), .char("b"))
        #expect(state.page == .board)
        #expect(effects.contains(.network(.loadBoard(project))))
        #expect(effects.contains(.unwatch(AppWorld.a)))
        _ = state.press(.char("g"), .char("s"))
        #expect(state.page == .sessions)
    }

    @Test func zoomShowsOneTileAndFollowsTheSelection() {
        var state = AppWorld.state()
        _ = state.press(.char("z"))
        #expect(state.zoomed == AppWorld.a)
        #expect(state.visibleTiles == [AppWorld.a])
        let effects = state.press(.char("j"))
        #expect(state.zoomed == AppWorld.b)
        #expect(effects == [.unwatch(AppWorld.a), .watch(AppWorld.b, .default)])
        _ = state.press(.escape)
        #expect(state.zoomed == nil)
    }

    @Test func narrowTerminalHasNoTilesAndClosesStreams() {
        var state = AppWorld.state()
        #expect(state.watched.count == 3)
        let effects = state.reduce(.resized(GridSize(cols: 60, rows: 20)))
        #expect(state.layout.kind == .listOnly)
        #expect(Set(effects) == [.unwatch(AppWorld.a), .unwatch(AppWorld.b), .unwatch(AppWorld.c)])
        #expect(state.watched.isEmpty)
    }

    @Test func tilesPageWithTheSelection() {
        var state = AppWorld.state(size: GridSize(cols: 80, rows: 24))
        let slots = state.layout.tiles.count
        #expect(slots == 2)
        #expect(state.visibleTiles == [AppWorld.a, AppWorld.b])
        let effects = state.press(.char("l"))
        #expect(state.selection == AppWorld.c)
        #expect(state.visibleTiles == [AppWorld.c])
        #expect(Set(effects) == [.unwatch(AppWorld.a), .unwatch(AppWorld.b), .watch(AppWorld.c, .default)])
    }

    @Test func clickSelectsThenAttaches() throws {
        var state = AppWorld.state()
        let slot = try #require(state.layout.tiles.dropFirst().first)
        let click = AppKey.mouse(MouseEvent(kind: .press, row: slot.y + 1, col: slot.x + 1))
        _ = state.press(click)
        #expect(state.selection == AppWorld.b)
        let effects = state.press(click)
        #expect(state.page == .attached(AppWorld.b))
        #expect(effects.contains(.attach(AppWorld.b, state.attachSize)))
    }

    @Test func helpOpensAndAnyKeyClosesIt() {
        var state = AppWorld.state()
        _ = state.press(.char("?"))
        #expect(state.overlay == .help(offset: 0))
        #expect(state.helpKeyViews == [.sessions, .global])
        _ = state.press(.char("j"))
        #expect(state.overlay == nil)
        #expect(state.selection == AppWorld.a)
    }

    @Test func helpScrollsWhenItDoesNotFitAndListsTheEverywhereKeysFirst() {
        var state = AppWorld.state(size: GridSize(cols: 80, rows: 24))
        _ = state.press(.char("?"))
        #expect(state.helpKeyViewsShown == [.global, .sessions])
        let maxOffset = state.helpMaxOffset
        #expect(maxOffset > 0, "the sessions help fits 80x24: \(state.helpLineCount) lines")
        #expect(state.helpVisibleRows == 20)
        _ = state.press(.char("j"), .down)
        #expect(state.overlay == .help(offset: 2))
        _ = state.press(.char("k"))
        #expect(state.overlay == .help(offset: 1))
        _ = state.press(.char("G"))
        #expect(state.overlay == .help(offset: maxOffset))
        _ = state.press(.char("j"), .pageDown)
        #expect(state.overlay == .help(offset: maxOffset), "scrolled past the last line")
        _ = state.press(.char("g"))
        #expect(state.overlay == .help(offset: 0))
        _ = state.press(.pageDown)
        #expect(state.overlay == .help(offset: min(19, maxOffset)))
        _ = state.press(.char("k"), .char("k"), .pageUp)
        #expect(state.overlay == .help(offset: 0), "scrolled above the first line")
        _ = state.press(.char("x"))
        #expect(state.overlay == nil)
        #expect(state.selection == AppWorld.a)
    }

    @Test func paletteRunsCommands() {
        var state = AppWorld.state()
        _ = state.press(.char(":"), .char("b"), .char("o"), .char("a"), .char("r"), .char("d"))
        #expect(state.overlay == .palette("board"))
        _ = state.press(.enter)
        #expect(state.page == .board)
        _ = state.press(.char(":"), .char("x"), .enter)
        #expect(state.flash == "unknown command: x")
    }

    @Test func offlineServerKeepsItsSessionsButMarksThemStale() {
        var state = AppWorld.state()
        _ = state.reduce(.serverLink(server: "remote", link: .offline("timeout")))
        #expect(state.sessions[AppWorld.c] != nil)
        #expect(state.server("remote")?.isStale == true)
        #expect(state.server("local")?.isStale == false)
    }
}
