// Ticket actions from the keyboard are idempotent: a second action on a ticket waits for the
// server's answer to the first; a move shows at once and goes back when the server refuses it.
import ClientCore
import Foundation
import Testing

@Suite struct TicketInFlightTests {
    let review = TicketTarget(server: "local", ticketID: "t3")
    let backlog = TicketTarget(server: "local", ticketID: "t1")

    func state(of id: String, in state: AppState) -> BoardColumn? {
        state.board.tickets.first { $0.id == id }?.state
    }

    @Test func aSecondApproveWaitsForTheFirstAnswer() {
        var state = AppBoardTests().boardWorld()
        _ = state.press(.char("l"), .char("l"))
        _ = state.press(.char("a"))
        #expect(state.press(.char("y")) == [.network(.approveTicket(server: "local", ticketID: "t3"))])
        _ = state.press(.char("a"))
        #expect(state.press(.char("y")).isEmpty, "no second approve while the first is unanswered")
        #expect(state.flash == "\"Three\": the last action is still waiting for the server")
        _ = state.reduce(.ticketActionEnded(review, failure: nil))
        _ = state.press(.char("a"))
        #expect(state.press(.char("y")) == [.network(.approveTicket(server: "local", ticketID: "t3"))])
    }

    @Test func aMoveShowsAtOnceAndARefusalPutsItBack() {
        var state = AppBoardTests().boardWorld()
        _ = state.press(.char("m"))
        #expect(state.press(.char("y")) == [.network(.moveTicket(server: "local", ticketID: "t1", to: .inProgress))])
        #expect(self.state(of: "t1", in: state) == .inProgress, "optimistic")
        _ = state.reduce(.ticketActionEnded(backlog, failure: "Invalid transition"))
        #expect(self.state(of: "t1", in: state) == .backlog, "rolled back")
        #expect(state.flash == #"Invalid transition; CSM-1 "One" is back in Backlog"#)
        #expect(state.board.inFlight.isEmpty)
    }

    @Test func anAnsweredMoveStays() {
        var state = AppBoardTests().boardWorld()
        _ = state.press(.char("m"), .char("y"))
        _ = state.reduce(.ticketActionEnded(backlog, failure: nil))
        #expect(self.state(of: "t1", in: state) == .inProgress)
        #expect(state.board.inFlight.isEmpty)
    }

    @Test func aRefusedApproveSaysWhyAndFreesTheTicket() {
        var state = AppBoardTests().boardWorld()
        _ = state.press(.char("l"), .char("l"), .char("a"), .char("y"))
        _ = state.reduce(.ticketActionEnded(review, failure: "Invalid transition"))
        #expect(state.flash == "Invalid transition")
        #expect(self.state(of: "t3", in: state) == .review)
        _ = state.press(.char("a"))
        #expect(state.press(.char("y")) == [.network(.approveTicket(server: "local", ticketID: "t3"))])
    }
}
