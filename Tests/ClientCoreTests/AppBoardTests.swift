import ClientCore
import Foundation
import Testing

@Suite struct AppBoardTests {
    static let project = AppProject(server: "local", id: "p1", name: "webapp")

    func boardWorld() -> AppState {
        var state = AppWorld.state()
        _ = state.reduce(.projectsLoaded(server: "local", projects: [Self.project]))
        _ = state.press(.char("g"), .char("b"))
        let tickets = [
            AppTicket(id: "t1", key: "CSM-1", title: "One", state: .backlog, prefix: "CSM"),
            AppTicket(id: "t2", key: "CSM-2", title: "Two", state: .backlog, prefix: "CSM"),
            AppTicket(id: "t3", key: nil, title: "Three", state: .review, prefix: "ADHOC", isAdhoc: true),
            AppTicket(
                id: "t4", key: "CSM-4", title: "Four", state: .inProgress, prefix: "CSM", liveSession: AppWorld.a),
        ]
        _ = state.reduce(.ticketsLoaded(project: Self.project, tickets: tickets))
        return state
    }

    @Test func hjklMoveBetweenColumnsAndCards() {
        var state = boardWorld()
        #expect(state.board.focusedTicket?.id == "t1")
        _ = state.press(.char("j"))
        #expect(state.board.focusedTicket?.id == "t2")
        _ = state.press(.char("j"))
        #expect(state.board.focusedTicket?.id == "t2")
        _ = state.press(.char("l"), .char("l"))
        #expect(state.board.column == .review)
        #expect(state.board.focusedTicket?.id == "t3")
        _ = state.press(.char("h"))
        #expect(state.board.focusedTicket?.id == "t4")
    }

    @Test func approveAndRejectOnlyInReview() {
        var state = boardWorld()
        #expect(state.press(.char("a")).isEmpty)
        #expect(state.flash == "approve works only in review")
        #expect(state.press(.char("x")).isEmpty)
        #expect(state.overlay == nil)
        _ = state.press(.char("l"), .char("l"))
        #expect(state.press(.char("a")).isEmpty, "approve asks first")
        #expect(
            state.overlay
                == .confirmAction(
                    question: "Approve \"Three\"?", effect: .approveTicket(server: "local", ticketID: "t3")))
        #expect(state.press(.char("y")) == [.network(.approveTicket(server: "local", ticketID: "t3"))])
        #expect(state.overlay == nil)
        _ = state.reduce(.ticketActionEnded(TicketTarget(server: "local", ticketID: "t3"), failure: nil))
        _ = state.press(.char("x"))
        #expect(state.overlay == .rejectFeedback(ticketID: "t3", text: ""))
        #expect(state.press(.enter).isEmpty)
        #expect(state.flash == "feedback is required")
        _ = state.press(.char("x"), .char("n"), .char("o"))
        #expect(state.press(.enter) == [.network(.rejectTicket(server: "local", ticketID: "t3", feedback: "no"))])
    }

    @Test func moveStartViewAndOpen() {
        var state = boardWorld()
        #expect(
            state.press(.char("m"), .char("y")) == [
                .network(.moveTicket(server: "local", ticketID: "t1", to: .inProgress))
            ])
        #expect(state.board.focusedTicket?.id == "t2", "the card moved at once; Backlog now starts with t2")
        _ = state.reduce(.ticketActionEnded(TicketTarget(server: "local", ticketID: "t1"), failure: nil))
        #expect(state.press(.char("M")).isEmpty, "backlog has no previous column")
        #expect(state.overlay == nil)
        #expect(state.press(.char("s"), .char("y")) == [.network(.startTicketSession(server: "local", ticketID: "t2"))])
        #expect(state.press(.enter) == [.network(.loadTicketContent(server: "local", ticketID: "t2"))])
        _ = state.reduce(.ticketContent(title: "CSM-2", markdown: "# Two\nbody"))
        #expect(state.overlay == .pager(title: "CSM-2", lines: ["# Two", "body"], offset: 0))
        _ = state.press(.escape)
        _ = state.press(.char("l"), .char("j"))
        #expect(state.press(.char("s")).isEmpty, "a ticket with a live session is not started twice")
        let view = state.press(.char("v"))
        #expect(state.page == .attached(AppWorld.a))
        #expect(view.contains(.attach(AppWorld.a, state.attachSize)))
    }

    @Test func boardMovesAskFirstAndAnyOtherKeyCancels() {
        var state = boardWorld()
        #expect(state.press(.char("m")).isEmpty)
        #expect(
            state.overlay
                == .confirmAction(
                    question: "Move CSM-1 \"One\" to In Progress?",
                    effect: .moveTicket(server: "local", ticketID: "t1", to: .inProgress)))
        #expect(state.press(.char("n")).isEmpty, "n cancels")
        #expect(state.overlay == nil)
        #expect(state.flash == "cancelled")
        #expect(state.press(.char("s")).isEmpty)
        #expect(state.press(.escape).isEmpty, "Esc cancels")
        #expect(state.page == .board, "the cancelling key does nothing else")
        #expect(state.board.tickets.first { $0.id == "t1" }?.state == .backlog)
    }

    @Test func liveSessionsAreJoinedByTicketID() {
        var state = boardWorld()
        #expect(state.board.tickets.first { $0.id == "t1" }?.liveSession == nil)
        var session = AppWorld.session(AppWorld.b)
        session.ticketID = "t1"
        _ = state.reduce(.sessionUpdated(session))
        #expect(state.board.tickets.first { $0.id == "t1" }?.liveSession == AppWorld.b)
        _ = state.reduce(.sessionStatus(AppWorld.b, from: .running, to: .completed, at: AppWorld.t0))
        #expect(state.board.tickets.first { $0.id == "t1" }?.liveSession == nil)
        _ = state.reduce(.sessionStatus(AppWorld.a, from: .running, to: .completed, at: AppWorld.t0))
        #expect(
            state.board.tickets.first { $0.id == "t4" }?.liveSession == nil, "a supplied session that ended is dropped")
    }

    @Test func ticketStateUpdatesLive() {
        var state = boardWorld()
        _ = state.reduce(.ticketState(server: "local", ticketID: "t1", state: .done))
        #expect(state.board.cards(in: .done).map(\.id) == ["t1"])
        _ = state.reduce(.ticketState(server: "remote", ticketID: "t2", state: .done))
        #expect(state.board.cards(in: .done).map(\.id) == ["t1"], "other servers' tickets are ignored")
    }

    @Test func prefixChipsFilterWithMultiSelect() {
        var state = boardWorld()
        #expect(state.board.prefixes == ["ADHOC", "CSM"])
        _ = state.press(.char("f"), .char("l"), .char(" "))
        #expect(state.board.selectedPrefixes == ["ADHOC"])
        #expect(state.board.cards(in: .backlog).isEmpty)
        _ = state.press(.char("l"), .char(" "))
        #expect(state.board.selectedPrefixes == ["ADHOC", "CSM"])
        _ = state.press(.char("h"), .char("h"), .char(" "), .escape)
        #expect(state.board.selectedPrefixes.isEmpty)
        #expect(state.board.chipCursor == nil)
        #expect(state.board.cards(in: .backlog).count == 2)
    }

    @Test func projectPickerLoadsTheChosenProject() {
        var state = boardWorld()
        let other = AppProject(server: "remote", id: "p2", name: "infra")
        _ = state.reduce(.projectsLoaded(server: "remote", projects: [other]))
        _ = state.press(.char("P"), .char("j"))
        #expect(state.press(.enter) == [.network(.loadBoard(other))])
        #expect(state.board.project == other)
        #expect(state.board.tickets.isEmpty)
    }
}
