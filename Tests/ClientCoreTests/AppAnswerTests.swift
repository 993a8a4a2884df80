// y/n answer the prompt the user saw, once, and say what happened (AppState+Answers, with the
// injected clock): a banner that changed in the last moment takes no y/n, and the key never
// falls through to the selected row or another session; every answer is named when it goes out
// and when it ends; a second answer to the same prompt is refused; one that may not have arrived
// is reported and may be sent again; a question banner opens the answer box.

import ClaudePMProtocol
import ClientCore
import Foundation
import Testing

@Suite struct AppAnswerTests {
    /// a waits on a permission prompt since 0 (its banner read by 5 s); then b starts waiting on one.
    func bannerReplacedByB() -> AppState {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.a, .permissionPrompt))
        _ = state.reduce(AppWorld.tick(5))
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt, at: 5))
        return state
    }

    @Test func aBannerReplacedJustBeforeYDoesNotApproveTheNewSession() {
        var state = bannerReplacedByB()
        #expect(state.banner?.notification.sessionKey == AppWorld.b, "b's banner replaced a's")
        state.wait(0.3)
        #expect(state.press(.char("y")).isEmpty, "nothing is sent: not to b, not to a")
        #expect(state.flash == "the banner just changed: read it, then press y again")
        #expect(state.banner?.notification.sessionKey == AppWorld.b, "the banner stays")
        #expect(state.answers.records.isEmpty)
        #expect(state.press(.char("n")).isEmpty)
        #expect(state.flash == "the banner just changed: read it, then press n again")
    }

    @Test func afterTheGraceYApprovesTheBannerAndNamesItsTarget() {
        var state = bannerReplacedByB()
        #expect(state.bannerIsFresh)
        #expect(state.nextTimer == .seconds(6), "ticked when the grace ends, to offer y/n")
        state.readBanner()
        #expect(!state.bannerIsFresh)
        let yes = state.answerEffect(AppWorld.b, .allow)
        #expect(state.press(.char("y")) == [yes])
        #expect(state.flash == "approving Task session-2: permission…")
        guard case .network(.answer(let answer)) = yes else { return }
        #expect(answer.prompt == PromptID(session: AppWorld.b, since: AppWorld.t0.addingTimeInterval(5)))
        _ = state.reduce(.answerEnded(answer, .delivered))
        #expect(state.flash == "approved Task session-2: permission")
    }

    @Test func theTargetIsTheTicketKeyAndTheReason() {
        var state = AppWorld.state()
        var session = AppWorld.session(AppWorld.b)
        session.ticketKey = "API-001"
        _ = state.reduce(.sessionUpdated(session))
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        #expect(state.answerTarget(AppWorld.b) == "API-001: permission")
        state.readBanner()
        let no = state.answerEffect(AppWorld.b, .deny)
        _ = state.press(.char("n"))
        guard case .network(.answer(let answer)) = no else { return }
        _ = state.reduce(.answerEnded(answer, .delivered))
        #expect(state.flash == "denied API-001: permission")
    }

    @Test func aSecondYToTheSamePromptSendsNothing() {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        state.readBanner()
        let yes = state.answerEffect(AppWorld.b, .allow)
        #expect(state.press(.char("y")) == [yes])
        _ = state.press(.char("j"))
        #expect(state.selection == AppWorld.b, "the same prompt, now through the selected row")
        state.readBanner()
        #expect(state.press(.char("y")).isEmpty)
        #expect(state.flash == "the answer to Task session-2: permission is on its way: nothing sent")
        guard case .network(.answer(let answer)) = yes else { return }
        _ = state.reduce(.answerEnded(answer, .delivered))
        #expect(state.press(.char("y")).isEmpty)
        #expect(state.flash == "already approved Task session-2: permission: nothing sent")
        #expect(state.press(.char("n")).isEmpty, "nor a different answer to the same prompt")
    }

    @Test func aNewPromptOfTheSameSessionCanBeAnsweredAgain() {
        var state = AppWorld.state()
        state.selection = AppWorld.b
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        state.readBanner()
        _ = state.press(.char("y"))
        _ = state.reduce(AppWorld.stopsWaiting(AppWorld.b, at: 2))
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt, at: 3))
        state.readBanner()
        let again = state.answerEffect(AppWorld.b, .allow)
        #expect(state.press(.char("y")) == [again], "a new wait is a new prompt")
    }

    @Test func aBannerThatJustWentAwayDoesNotPassYToTheSelectedRow() {
        var state = AppWorld.state()
        state.selection = AppWorld.b
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        _ = state.reduce(AppWorld.waits(AppWorld.a, .permissionPrompt, at: 0.5))
        _ = state.reduce(AppWorld.tick(5))
        _ = state.press(.char("d"), .char("d"))
        #expect(state.banner == nil)
        #expect(state.press(.char("y")).isEmpty, "the key was meant for the banner")
        #expect(state.flash == "the banner just went away: press y again to answer Task session-2: permission")
        state.readBanner()
        let yes = state.answerEffect(AppWorld.b, .allow)
        #expect(state.press(.char("y")) == [yes])
    }

    @Test func aPromptThatJustAppearedOnTheSelectedRowTakesNoKey() {
        var state = AppWorld.state()
        state.ui.notifyMode = .off
        _ = state.press(.char("j"))
        state.readBanner()
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt, at: 1.1))
        #expect(state.banner == nil, "no banners")
        #expect(state.press(.char("y")).isEmpty)
        #expect(state.flash == "Task session-2: permission just changed: read it, then press y again")
        state.readBanner()
        let yes = state.answerEffect(AppWorld.b, .allow)
        #expect(state.press(.char("y")) == [yes])
    }

    @Test func aSelectionTheUserMovedTakesYAtOnceOneThatMovedByItselfDoesNot() {
        var state = AppWorld.state()
        state.ui.notifyMode = .off
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        _ = state.reduce(AppWorld.waits(AppWorld.c, .permissionPrompt))
        state.readBanner()
        _ = state.press(.char("j"))
        let yes = state.answerEffect(AppWorld.b, .allow)
        #expect(state.press(.char("y")) == [yes], "j then y: the user chose the row")
        state.readBanner()
        _ = state.reduce(.sessionsLoaded(server: "local", sessions: []))
        #expect(state.selection == AppWorld.c, "b vanished and the selection moved by itself, to c")
        #expect(state.press(.char("y")).isEmpty, "a row that moved under the key takes no answer")
        #expect(state.flash == "Task session-3: permission just changed: read it, then press y again")
    }

    @Test func yOnAQuestionBannerOpensTheAnswerBoxAndNeverAnswersTheSelectedRow() {
        var state = AppWorld.state()
        _ = state.press(.char("j"))
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        _ = state.press(.char("d"))
        _ = state.reduce(AppWorld.tick(3))
        _ = state.reduce(AppWorld.waits(AppWorld.c, .question, at: 3))
        state.readBanner()
        #expect(state.banner?.notification.sessionKey == AppWorld.c)
        #expect(state.press(.char("y")).isEmpty, "b, the selected row, waits on a permission: not answered")
        #expect(
            state.overlay
                == .answer(AnswerBox(prompt: state.prompt(of: AppWorld.c)!, target: "Task session-3: question")))
        for character in "use UTC" { _ = state.press(.char(character)) }
        let text = state.answerEffect(AppWorld.c, .text("use UTC"))
        #expect(state.press(.enter) == [text])
        #expect(state.overlay == nil)
        #expect(state.flash == "answering Task session-3: question…")
    }

    @Test func theAnswerBoxSendsNothingToAPromptThatWentAway() {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.b, .question))
        state.readBanner()
        _ = state.press(.char("n"), .char("o"), .char("k"))
        _ = state.reduce(AppWorld.stopsWaiting(AppWorld.b, at: 2))
        _ = state.reduce(AppWorld.waits(AppWorld.b, .question, at: 3))
        #expect(state.press(.enter).isEmpty, "b asks something new: the answer was for the old question")
        #expect(state.flash == "Task session-2: question no longer waits on this prompt: not sent (Esc closes the box)")
        guard case .answer(let box) = state.overlay else {
            Issue.record("the box closed")
            return
        }
        #expect(box.text == "ok", "what was typed is kept")
        _ = state.press(.escape)
        #expect(state.overlay == nil)
        #expect(state.flash == "answer to Task session-2: question not sent")
    }

    @Test func aBannerAboutNoPromptTakesNoAnswerAndPassesNothingOn() {
        var state = AppWorld.state()
        _ = state.press(.char("j"))
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        _ = state.press(.char("d"))
        _ = state.reduce(AppWorld.tick(3))
        _ = state.reduce(AppWorld.serverNotification("n1", title: "Context Low", at: 3))
        state.readBanner()
        #expect(state.banner?.notification.title == "Context Low")
        #expect(state.press(.char("y")).isEmpty, "b, the selected row, is not answered")
        #expect(state.flash == "this banner has no prompt to answer (d dismisses it)")
    }

    @Test func anAnswerThatMayNotHaveArrivedIsReportedAndMaySendAgain() {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        state.readBanner()
        let first = state.answerEffect(AppWorld.b, .allow)
        _ = state.press(.char("y"))
        _ = state.reduce(.serverLink(server: "local", link: .offline("no answer")))
        #expect(
            state.flash == "answer to Task session-2: permission may not have arrived (the link to local was lost)")
        _ = state.reduce(.serverLink(server: "local", link: .online))
        _ = state.press(.char("j"))
        state.readBanner()
        #expect(state.press(.char("y")) == [first], "sent again under the same prompt id (the server refuses a repeat)")
        #expect(state.flash == "approving Task session-2: permission again…")
        guard case .network(.answer(let answer)) = first else { return }
        _ = state.reduce(.answerEnded(answer, .duplicate))
        #expect(state.flash == "Task session-2: permission was already answered: nothing sent")
        #expect(state.press(.char("y")).isEmpty)
        #expect(state.flash == "Task session-2: permission was already answered: nothing sent")
    }

    @Test func aLateLinkPutsAnAnswerOnItsWayInDoubt() throws {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        state.readBanner()
        _ = state.press(.char("y"))
        _ = state.reduce(.serverLate(server: "local", lastContact: AppWorld.t0))
        #expect(
            state.flash == "answer to Task session-2: permission may not have arrived (the link to local is in doubt)")
        let answer = try #require(state.answers.records[AppWorld.b]?.answer)
        _ = state.reduce(.answerEnded(answer, .delivered))
        #expect(state.flash == "approved Task session-2: permission", "the server's confirmation is the last word")
    }

    @Test func outcomesAreReportedWithTheirReason() {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        state.readBanner()
        let sent = state.answerEffect(AppWorld.b, .deny)
        _ = state.press(.char("n"))
        guard case .network(.answer(let answer)) = sent else { return }
        _ = state.reduce(.answerEnded(answer, .refused("server local is unreachable: connection refused")))
        #expect(
            state.flash
                == "answer to Task session-2: permission not sent: server local is unreachable: connection refused")
        _ = state.press(.char("j"))
        state.readBanner()
        #expect(state.press(.char("n")) == [sent], "nothing was typed, so it may be sent again")
        _ = state.reduce(.answerEnded(answer, .inDoubt("timed out")))
        #expect(state.flash == "answer to Task session-2: permission may not have arrived (timed out)")
    }

    @Test func nothingIsSentToAServerThatIsNotConnected() {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        _ = state.reduce(.serverLink(server: "local", link: .offline("refused")))
        state.readBanner()
        _ = state.press(.char("j"))
        state.readBanner()
        #expect(state.press(.char("y")).isEmpty)
        #expect(state.flash == "answer to Task session-2: permission not sent: local is not connected")
    }
}
