// A list fetched over REST against live events: a live session:status or ticket:state received
// after the list was requested wins (the list may have been read before the change); one received
// before the request loses to the list. Issue 18, "ordering".
import ClaudePMProtocol
import ClientCore
import Foundation
import Testing

@Suite struct ListOrderingTests {
    static func at(_ seconds: Double) -> Date { AppWorld.t0.addingTimeInterval(seconds) }

    @Test func aLiveStatusNewerThanTheRequestSurvivesTheList() {
        var state = AppWorld.state()
        _ = state.reduce(.sessionStatus(AppWorld.a, from: .running, to: .completed, at: Self.at(10)))
        let stale = [AppWorld.session(AppWorld.a), AppWorld.session(AppWorld.b)]
        _ = state.reduce(.sessionsLoaded(server: "local", sessions: stale, requestedAt: Self.at(9)))
        #expect(state.sessions[AppWorld.a]?.status == .completed, "the list was asked for before the live event")
        #expect(state.sessions[AppWorld.b]?.status == .running)
    }

    @Test func aListRequestedAfterTheLiveStatusWins() {
        var state = AppWorld.state()
        _ = state.reduce(.sessionStatus(AppWorld.a, from: .running, to: .completed, at: Self.at(10)))
        let fresh = [AppWorld.session(AppWorld.a), AppWorld.session(AppWorld.b)]
        _ = state.reduce(.sessionsLoaded(server: "local", sessions: fresh, requestedAt: Self.at(11)))
        #expect(state.sessions[AppWorld.a]?.status == .running)
        #expect(state.liveHeard.sessions.isEmpty, "marks older than the request are dropped")
    }

    @Test func aLiveTicketMoveNewerThanTheRequestSurvivesTheList() {
        var state = AppBoardTests().boardWorld()
        let payload = TicketStatePayload(
            ticketId: "t1", previousState: .backlog, newState: .inProgress, trigger: .manual, reason: .sessionStarted,
            timestamp: Self.at(10))
        _ = state.reduce(.message(server: "local", .ticketState(payload), receivedAt: Self.at(10)))
        #expect(state.board.tickets.first { $0.id == "t1" }?.state == .inProgress)
        let list = [AppTicket(id: "t1", key: "CSM-1", title: "One", state: .backlog, prefix: "CSM")]
        _ = state.reduce(.ticketsLoaded(project: AppBoardTests.project, tickets: list, requestedAt: Self.at(9)))
        #expect(state.board.tickets.first { $0.id == "t1" }?.state == .inProgress)
        _ = state.reduce(.ticketsLoaded(project: AppBoardTests.project, tickets: list, requestedAt: Self.at(12)))
        #expect(state.board.tickets.first { $0.id == "t1" }?.state == .backlog, "a later list is the truth")
    }

    @Test func aLiveMoveHeardBeforeTheBoardsFirstListSurvivesIt() {
        var state = AppWorld.state()
        _ = state.reduce(.projectsLoaded(server: "local", projects: [AppBoardTests.project]))
        _ = state.press(.char("g"), .char("b"))
        #expect(state.board.tickets.isEmpty, "the board's list is still on its way")
        let payload = TicketStatePayload(
            ticketId: "t1", previousState: .review, newState: .done, trigger: .manual, reason: .userApproved,
            timestamp: Self.at(10))
        _ = state.reduce(.message(server: "local", .ticketState(payload), receivedAt: Self.at(10)))
        let stale = [AppTicket(id: "t1", key: "CSM-1", title: "One", state: .review, prefix: "CSM")]
        _ = state.reduce(.ticketsLoaded(project: AppBoardTests.project, tickets: stale, requestedAt: Self.at(9)))
        #expect(state.board.tickets.first { $0.id == "t1" }?.state == .done, "the list was asked for before the move")
    }

    @Test func aLiveStatusOfASessionNotListedYetSurvivesTheList() {
        var state = AppWorld.state()
        let c = AppWorld.key("local", 3)
        #expect(state.sessions[c] == nil)
        _ = state.reduce(.sessionStatus(c, from: .running, to: .completed, at: Self.at(10)))
        let stale = [AppWorld.session(AppWorld.a), AppWorld.session(AppWorld.b), AppWorld.session(c)]
        _ = state.reduce(.sessionsLoaded(server: "local", sessions: stale, requestedAt: Self.at(9)))
        #expect(state.sessions[c]?.status == .completed, "the list was asked for before the live event")
    }
}
