// An answer names the server's own time of the wait it answers (`waiting_since`), so that
// claudepm-server never types it into a later wait: the time comes from the `session:waiting`
// that began the wait, or from the waiting notification a resync lists (which claudepm-server
// dates with the same edge). A listed wait whose time differs from the one a live event told is a
// later wait, so a new prompt; the same time keeps the prompt. A 410 ("no longer waits") is
// final: y does not send it again.

import ClaudePMProtocol
import ClientCore
import Foundation
import Testing

@Suite struct AppAnswerWaitTests {
    @Test func anAnswerNamesTheServersTimeOfTheWait() throws {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt, at: 5))
        state.readBanner()
        guard case .network(.answer(let answer)) = try #require(state.press(.char("y")).first) else {
            Issue.record("y sent no answer")
            return
        }
        #expect(answer.prompt.serverSince == AppWorld.t0.addingTimeInterval(5))
    }

    @Test func aListedWaitAtAnotherServerTimeIsANewPrompt() throws {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt, at: 5))
        let seen = try #require(state.prompt(of: AppWorld.b))
        let same = [AppWorld.listed("n1", session: AppWorld.b, at: 5)]
        _ = state.reduce(.notificationsLoaded(server: "local", items: same, resync: true))
        #expect(state.prompt(of: AppWorld.b)?.since == seen.since, "the same wait keeps its prompt")
        let later = [AppWorld.listed("n2", session: AppWorld.b, at: 20)]
        _ = state.reduce(.notificationsLoaded(server: "local", items: later, resync: true))
        let next = try #require(state.prompt(of: AppWorld.b))
        #expect(next != seen, "a wait that began while the socket was down is a new prompt")
        #expect(next.serverSince == AppWorld.t0.addingTimeInterval(20))
    }

    @Test func anAnswerTooLateForItsWaitIsNotSentAgain() throws {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        state.readBanner()
        guard case .network(.answer(let answer)) = try #require(state.press(.char("y")).first) else {
            Issue.record("y sent no answer")
            return
        }
        _ = state.reduce(.answerEnded(answer, .expired))
        #expect(state.flash == "Task session-2: permission no longer waits: nothing sent")
        _ = state.press(.char("j"))
        state.readBanner()
        #expect(state.press(.char("y")).isEmpty, "the wait is over: y sends nothing")
        #expect(state.flash == "Task session-2: permission no longer waits: nothing sent")
    }
}
