// AnsweredPrompts: a prompt id is claimed once per session; a claim given back (the keys could
// not be typed) may be claimed again; a session keeps its last 32 ids and forgets them all when
// it ends.

import Testing

@testable import ServerCore

@Suite struct AnsweredPromptsTests {
    @Test func aPromptIsClaimedOncePerSession() {
        var prompts = AnsweredPrompts()
        let first = prompts.claim("p1", session: "a")
        let repeated = prompts.claim("p1", session: "a")
        let elsewhere = prompts.claim("p1", session: "b")
        #expect(first && !repeated, "a repeat is refused")
        #expect(elsewhere, "another session's prompt of the same name")
        prompts.release("p1", session: "a")
        let again = prompts.claim("p1", session: "a")
        #expect(again, "given back, it is unanswered again")
    }

    @Test func aSessionKeepsItsLast32AndForgetsThemWhenItEnds() {
        var prompts = AnsweredPrompts()
        let claimed = (0..<33).map { prompts.claim("p\($0)", session: "a") }
        #expect(claimed.allSatisfy { $0 })
        let oldest = prompts.claim("p0", session: "a")
        let newest = prompts.claim("p32", session: "a")
        #expect(oldest, "the oldest was forgotten")
        #expect(!newest)
        prompts.forget(session: "a")
        let afterEnd = prompts.claim("p32", session: "a")
        #expect(afterEnd)
    }
}
