// Detaching returns to the view the attach was opened from (the board after `v`).

import ClientCore
import Foundation
import Testing

@Suite struct AppReturnTests {
    @Test func detachAfterVFromTheBoardReturnsToTheBoard() {
        var state = AppWorld.state()
        let project = AppProject(server: "local", id: "p1", name: "webapp")
        _ = state.reduce(.projectsLoaded(server: "local", projects: [project]))
        _ = state.press(.char("g"), .char("b"))
        let ticket = AppTicket(
            id: "t4", key: "CSM-4", title: "Four", state: .backlog, prefix: "CSM", liveSession: AppWorld.a)
        _ = state.reduce(.ticketsLoaded(project: project, tickets: [ticket]))
        _ = state.press(.char("v"))
        #expect(state.page == .attached(AppWorld.a))
        #expect(state.press(.ctrl("]")).contains(.detach(AppWorld.a)))
        #expect(state.page == .board)
    }

    @Test func detachFromTheWallStillReturnsToTheWall() {
        var state = AppWorld.state()
        _ = state.press(.enter)
        #expect(state.page == .attached(AppWorld.a))
        _ = state.press(.ctrl("]"))
        #expect(state.page == .sessions)
    }
}
