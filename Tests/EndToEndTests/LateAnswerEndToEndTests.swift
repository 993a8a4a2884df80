// One approval per prompt, never a late replay, as a person meets it: claudepm talks to the demo
// server through a proxy of our own. The user reads a permission banner and presses y while the
// link is stalled; the answer times out ("may not have arrived"). While it is held, the wait it
// was for ends and the agent asks again (a new wait, raised through the hooks route). When the
// link resumes, the held request reaches the server late: it names the old wait, so nothing is
// typed (the server's log says why). The new prompt is then approved with y, once. And with the
// server's answers held back, y is typed but its reply is lost when the link drops: the answer
// is reported in doubt at once, and y again once the link is back types nothing more (the same
// prompt is refused as a repeat, or is gone because the agent moved on).
import ClaudePMProtocol
import ClientNetwork
import Foundation
import LatencyProxy
import TestSupport
import Testing

@Suite(
    "UI late answers", .serialized,
    .enabled(if: Binaries.serverHasDemo, "needs the full build with claudepm and claudepm-server --demo"))
struct LateAnswerEndToEndTests {
    @Test(
        "an answer held by a stalled link and delivered after its wait ended types nothing; the next prompt takes y once"
    )
    func aLateAnswerIsNeverTypedIntoALaterWait() async throws {
        // Every agent asks for permission, so the world is still within one question.
        try await UIWorld.with(
            proxy: ProxyProfile(), config: "[ui]\nanswer_grace_ms = 500\n",
            serverEnvironment: ["CLAUDEPM_DEMO_QUESTIONS": "permission"]
        ) { world in
            let proxy = try #require(world.proxy)
            try #require(await world.waitForWall().ok)
            let asking = try await world.waitForStillWorld()
            let session = try #require(asking.first, "no permission prompt")
            let title = try #require(session.ticket?.title)
            let key = try #require(session.ticket?.externalId)
            try await world.raiseWait(session)
            let read = await world.tmux.waitForScreen(timeout: 60) {
                UIEndToEndTests.bannerLine($0, title)?.contains("y/n answer") == true
            }
            try #require(read.ok, "no read banner about \(title):\n\(read.screen)")
            let seen = try #require(try await world.waitingNotification(session), "the wait is not listed")

            proxy.stall()
            let doubt = try await world.tmux.press("y", timeout: 60) {
                $0.contains("answer to \(key): permission may not have arrived")
            }
            #expect(doubt.ok, "the held answer was not reported in doubt:\n\(doubt.screen)")
            try #require(try await world.renewWait(session, after: seen) != nil, "the agent does not wait anew")
            #expect(world.answersTyped().isEmpty, "typed while the link was stalled: \(world.answersTyped())")

            proxy.resume()
            let refused = await eventually(within: 30) { world.lateAnswersRefused().count == 1 }
            #expect(refused, "the held answer never reached the server: the test did not see its case")
            #expect(world.answersTyped().isEmpty, "the late answer was typed: \(world.answersTyped())")
            #expect(await world.agentScreen(paneId: session.paneId).contains("Do you want to proceed?"))

            let online = await world.tmux.waitForScreen(timeout: 60) { $0.contains("· online") }
            try #require(online.ok, "not online again after the stall:\n\(online.screen)")
            // The new wait's banner, once read, takes y.
            let offered = await world.tmux.waitForScreen(timeout: 60) {
                UIEndToEndTests.bannerLine($0, title)?.contains("y/n answer") == true
            }
            try #require(offered.ok, "no banner offering y/n for the new wait:\n\(offered.screen)")
            let approved = try await world.tmux.press("y", timeout: 30) { $0.contains("approved \(key): permission") }
            #expect(approved.ok, "the new prompt was not approved:\n\(approved.screen)")
            let done = await world.waitForAgent(session) { $0.contains("Done (exit 0)") }
            #expect(done, "\(key) was not approved")
            let typed = world.answersTyped()
            #expect(typed.count == 1 && typed.allSatisfy { $0.contains("session=\(session.id)") }, "typed: \(typed)")
            try await world.quitAndExpectRestored()
        }
    }
    @Test("an answer whose reply is lost when the link drops is reported in doubt, and y again types nothing more")
    func anAnswerCutByADropIsTypedOnce() async throws {
        try await UIWorld.with(proxy: ProxyProfile(), config: "[ui]\nanswer_grace_ms = 500\n") { world in
            let proxy = try #require(world.proxy)
            try #require(await world.waitForWall().ok)
            let session = try #require(try await world.waitForStillWorld().first, "no permission prompt")
            let title = try #require(session.ticket?.title)
            let key = try #require(session.ticket?.externalId)
            try await world.select(key)
            try await world.raiseWait(session)
            let read = await world.tmux.waitForScreen(timeout: 60) {
                UIEndToEndTests.bannerLine($0, title)?.contains("y/n answer") == true
            }
            try #require(read.ok, "no read banner about \(title):\n\(read.screen)")
            let typedHere = { world.answersTyped().filter { $0.contains("session=\(session.id)") } }

            proxy.restDelay = .seconds(60)
            try await world.tmux.send(keys: "y")
            let typed = await eventually(within: 30) { typedHere().count == 1 && proxy.heldAnswers > 0 }
            try #require(typed, "the answer was not typed with its reply held: \(world.answersTyped())")
            proxy.dropConnections()
            proxy.restDelay = .zero
            let doubt = await world.tmux.waitForScreen(timeout: 30) {
                $0.contains("answer to \(key): permission may not have arrived")
            }
            #expect(doubt.ok, "the lost reply was not reported:\n\(doubt.screen)")

            let online = await world.tmux.waitForScreen(timeout: 60) { $0.contains("· online") }
            try #require(online.ok, "not online again after the drop:\n\(online.screen)")
            try await world.select(key)
            let ended = try await Self.pressYUntilItEnds(world, key: key, title: title)
            #expect(ended.ok, "y again said nothing that ends it:\n\(ended.screen)")
            #expect(typedHere().count == 1, "typed more than once: \(typedHere())")
            try await world.quitAndExpectRestored()
        }
    }

    /// Presses y as a person does after a reconnect: a y refused because the banner or the row
    /// just changed (the banner comes back once the notifications are fetched again) answers
    /// nothing and says "press y again", so y is pressed again once the banner is read, up to
    /// four more times. Returns the screen that says how the answer ended. A refusal's words stay
    /// on the status line until the next key, so only the first press may end on them.
    private static func pressYUntilItEnds(
        _ world: UIWorld, key: String, title: String
    ) async throws -> (ok: Bool, screen: String) {
        let outcomes = [
            "\(key): permission was already answered: nothing sent", "no permission prompt waiting",
            "no longer waits: nothing sent", "not sent",
        ]
        let ends = { (screen: String) in outcomes.contains { screen.contains($0) } }
        var said = try await world.tmux.press("y", timeout: 30) { ends($0) || $0.contains("press y again") }
        for _ in 0..<4 where !ends(said.screen) {
            _ = await world.tmux.waitForScreen(timeout: 5) { screen in
                UIEndToEndTests.bannerLine(screen, title)?.contains("y/n answer") ?? true
            }
            said = try await world.tmux.press("y", timeout: 10, until: ends)
        }
        return (ends(said.screen), said.screen)
    }
}

extension UIWorld {
    /// When the server's waiting notification for `session` began (its wait's edge), if it waits.
    func waitingNotification(_ session: Session) async throws -> Date? {
        try await rest.notifications().data.first { $0.type == .waitingInput && $0.session?.id == session.id }?
            .createdAt
    }

    /// Ends `session`'s wait and raises a new one through the hooks route, talking to the server
    /// directly (not through claudepm's link); returns when the new wait began, nil if it never did.
    func renewWait(_ session: Session, after seen: Date) async throws -> Date? {
        for _ in 0..<10 {
            try await hook(
                ["hook_event_name": "UserPromptSubmit", "prompt": "e2e", "claudepm_session_id": session.id])
            _ = await eventually(within: 5) { (try? await self.waitingNotification(session)) == nil }
            try await hook([
                "hook_event_name": "Notification", "notification_type": "permission_prompt",
                "message": "Claude needs your permission to use Bash", "claudepm_session_id": session.id,
            ])
            let renewed = await eventually(within: 5) {
                ((try? await self.waitingNotification(session)) ?? nil).map { $0 > seen } ?? false
            }
            if renewed, let began = try await waitingNotification(session) { return began }
        }
        return nil
    }

    /// The server's log lines for answers refused because their wait was over.
    func lateAnswersRefused() -> [String] {
        serverLogLines { $0.contains("answer refused: the prompt is no longer waiting") }
    }
}
