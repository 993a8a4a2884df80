import ClientCore
import Foundation
import Testing

/// Triage skips sessions of servers whose link is not online: their wait is stale.
@Suite struct AppTriageOfflineTests {
    /// c (remote) waits on a permission prompt, the most urgent; b (local) on a question.
    func waitingWorld() -> AppState {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.b, .question, at: -60))
        _ = state.reduce(AppWorld.waits(AppWorld.c, .permissionPrompt, at: -10))
        _ = state.reduce(AppWorld.tick(0))
        return state
    }

    @Test func anOfflineServersWaitIsSkipped() {
        var state = waitingWorld()
        #expect(state.triageQueue.map(\.key) == [AppWorld.c, AppWorld.b])
        _ = state.reduce(.serverLink(server: "remote", link: .offline("connection refused")))
        #expect(state.triageQueue.map(\.key) == [AppWorld.b], "remote's wait is stale")
        let effects = state.press(.char("t"))
        #expect(state.page == .attached(AppWorld.b))
        #expect(effects.contains(.attach(AppWorld.b, state.attachSize)))
    }

    @Test func onlyOfflineWaitsSaySoAndStay() {
        var state = waitingWorld()
        _ = state.reduce(AppWorld.stopsWaiting(AppWorld.b, at: 1))
        _ = state.reduce(.serverLink(server: "remote", link: .offline("connection refused")))
        #expect(state.press(.char("t")).isEmpty)
        #expect(state.page == .sessions)
        #expect(state.flash == "1 waiting on an offline server (remote)")
        _ = state.reduce(.serverLink(server: "remote", link: .online))
        _ = state.press(.char("t"))
        #expect(state.page == .attached(AppWorld.c), "back online, its wait counts again")
    }

    /// A `t` that found nothing to jump to leaves the queue as it was: once the server is back,
    /// `t` starts at its most urgent wait (it went to the second one when the failed search had
    /// moved the cursor onto the first).
    @Test func aFailedJumpDoesNotMoveTheQueuesCursor() {
        let d = AppWorld.key("remote", 5)
        var state = AppWorld.state()
        _ = state.reduce(
            .sessionsLoaded(server: "remote", sessions: [AppWorld.session(AppWorld.c), AppWorld.session(d)]))
        _ = state.reduce(AppWorld.waits(d, .question, at: -60))
        _ = state.reduce(AppWorld.waits(AppWorld.c, .permissionPrompt, at: -10))
        _ = state.reduce(AppWorld.tick(0))
        _ = state.reduce(.serverLink(server: "remote", link: .offline("timeout")))
        #expect(state.press(.char("t")).isEmpty)
        #expect(state.flash == "2 waiting on an offline server (remote)")
        _ = state.reduce(.serverLink(server: "remote", link: .online))
        #expect(state.triageQueue.map(\.key) == [AppWorld.c, d])
        _ = state.press(.char("t"))
        #expect(state.page == .attached(AppWorld.c), "the most urgent wait comes first")
    }

    @Test func aServerStillConnectingIsNotOnline() {
        var state = AppState(servers: ["local", "remote"], now: AppWorld.t0, size: GridSize(cols: 120, rows: 40))
        _ = state.reduce(.sessionsLoaded(server: "remote", sessions: [AppWorld.session(AppWorld.c)]))
        _ = state.reduce(AppWorld.waits(AppWorld.c, .question))
        #expect(state.triageQueue.isEmpty)
        _ = state.press(.char("t"))
        #expect(state.page == .sessions)
        #expect(state.flash == "1 waiting on an offline server (remote)")
    }

    @Test func severalOfflineServersAreNamedInConfigOrder() {
        let laptop = AppWorld.key("laptop", 7)
        var state = AppState(
            servers: ["work", "remote", "laptop"], now: AppWorld.t0, size: GridSize(cols: 120, rows: 40))
        _ = state.reduce(.serverLink(server: "work", link: .online))
        _ = state.reduce(.sessionsLoaded(server: "remote", sessions: [AppWorld.session(AppWorld.c)]))
        _ = state.reduce(.sessionsLoaded(server: "laptop", sessions: [AppWorld.session(laptop)]))
        _ = state.reduce(AppWorld.waits(laptop, .question, at: -30))
        _ = state.reduce(AppWorld.waits(AppWorld.c, .question))
        _ = state.reduce(.serverLink(server: "remote", link: .offline("timeout")))
        _ = state.reduce(.serverLink(server: "laptop", link: .offline("refused")))
        #expect(state.offlineWaitingText() == "2 waiting on offline servers (remote, laptop)")
        _ = state.press(.char("t"))
        #expect(state.flash == "2 waiting on offline servers (remote, laptop)")
    }

    @Test func nothingWaitingAnywhereKeepsTheOldWords() {
        var state = AppWorld.state()
        _ = state.reduce(.serverLink(server: "remote", link: .offline("timeout")))
        #expect(state.offlineWaitingText() == nil)
        _ = state.press(.char("t"))
        #expect(state.flash == "no session is waiting")
    }
}
