// An answer goes to the prompt the user saw, end to end in the demo (issue 35): a banner replaced
// by another session's a moment before `y` approves nothing (the screen says why); once read, `y`
// approves that session and the status line names it; a second `y` right behind it sends nothing
// (the server's log shows one answer typed). The agents are steered into a still world first:
// every agent waits (agents wait forever), at least two of them on a permission prompt, so the
// banners change only when the test raises a wait through the hooks route.
import ClaudePMProtocol
import ClientNetwork
import Foundation
import Testing

extension UIEndToEndTests {
    @Test("a banner replaced just before y approves nothing; then y approves it, named, and a second y sends nothing")
    func answerGoesToThePromptTheUserSaw() async throws {
        let config = "[ui]\nanswer_grace_ms = 10000\n"
        try await UIWorld.with(config: config) { world in
            try #require(await world.waitForWall().ok)
            let asking = try await world.waitForStillWorld()
            try #require(asking.count >= 2, "fewer than two permission prompts")
            let (first, second) = (asking[0], asking[1])
            let firstTitle = try #require(first.ticket?.title)
            let secondTitle = try #require(second.ticket?.title)
            let secondKey = try #require(second.ticket?.externalId)

            // A banner the user has read: the first session's prompt, offering y/n after the grace.
            try await world.raiseWait(first)
            let read = await world.tmux.waitForScreen(timeout: 60) {
                Self.bannerLine($0, firstTitle)?.contains("y/n answer") == true
            }
            try #require(read.ok, "no read banner about \(firstTitle):\n\(read.screen)")

            // Replaced a moment before the key: y approves nothing and says why.
            try await world.raiseWait(second)
            let replaced = await world.tmux.waitForScreen(timeout: 30) { Self.bannerLine($0, secondTitle) != nil }
            try #require(replaced.ok, "no banner about \(secondTitle):\n\(replaced.screen)")
            let refused = try await world.tmux.press("y") {
                $0.contains("the banner just changed: read it, then press y again")
            }
            #expect(refused.ok, "no word about the refused key:\n\(refused.screen)")
            #expect(world.answersTyped().isEmpty, "an answer was typed: \(world.answersTyped())")
            #expect(await world.agentScreen(paneId: second.paneId).contains("Do you want to proceed?"))
            #expect(await world.agentScreen(paneId: first.paneId).contains("Do you want to proceed?"))

            // Read: y approves it and the status line names it; a second y right behind sends nothing.
            try await world.select(secondKey)
            let offered = await world.tmux.waitForScreen(timeout: 60) {
                Self.bannerLine($0, secondTitle)?.contains("y/n answer") == true
            }
            try #require(offered.ok, "the banner never offered y/n:\n\(offered.screen)")
            let approved = try await world.tmux.press("y", "y") { $0.contains("approved \(secondKey): permission") }
            #expect(approved.ok, "no confirmation naming \(secondKey):\n\(approved.screen)")
            let done = await world.waitForAgent(second) {
                $0.contains("Done (exit 0)") && !$0.contains("Do you want to proceed?")
            }
            #expect(done, "\(secondKey) was not approved")
            #expect(
                await world.agentScreen(paneId: first.paneId).contains("Do you want to proceed?"), "the other one was")
            let typed = world.answersTyped()
            #expect(
                typed.count == 1 && typed.allSatisfy { $0.contains("session=\(second.id)") }, "answers typed: \(typed)")
            try await world.quitAndExpectRestored()
        }
    }

    /// The banner line (the top row) when it is about the session titled `title`.
    static func bannerLine(_ screen: String, _ title: String) -> String? {
        screen.split(separator: "\n").first.map(String.init).flatMap {
            $0.contains("Input Required: \(title)") ? $0 : nil
        }
    }
}

extension UIWorld {
    /// Waits until every agent waits for its user, the UI shows them all waiting, and at least two
    /// ask for permission. Until two do, each free question is answered over REST (at most once
    /// per 5 s per session) to move its agent on to its next question. Returns the sessions asking
    /// for permission; throws, naming what each agent and the list last showed, if that never comes.
    func waitForStillWorld(timeout: Double = 180) async throws -> [Session] {
        let end = Date().addingTimeInterval(timeout)
        var answered: [String: Date] = [:]
        var last = "nothing seen"
        while Date() < end {
            let sessions = try await rest.sessions().filter { $0.status == .running && $0.ticket != nil }
            var permission: [Session] = []
            var question: [Session] = []
            for session in sessions {
                let pane = await agentScreen(paneId: session.paneId)
                if pane.contains("Do you want to proceed?") { permission.append(session) }
                if pane.contains("Waiting for your answer") { question.append(session) }
            }
            let rows = ListRows(await tmux.screen()).rows
            let shown = rows.count == sessions.count && rows.allSatisfy { $0.line.contains("◆") }
            if shown, permission.count >= 2, permission.count + question.count == sessions.count { return permission }
            if permission.count < 2 {
                for free in question where Date().timeIntervalSince(answered[free.id] ?? .distantPast) > 5 {
                    try await rest.sendInput(session: free.id, text: "go ahead")
                    answered[free.id] = Date()
                }
            }
            last =
                "\(sessions.count) running, \(permission.count) asking permission, \(question.count) a question; "
                + "list rows: \(rows.map(\.line))"
            try await Task.sleep(for: .milliseconds(300))
        }
        throw StillWorldTimeout(description: "the agents never all waited, two on permission: \(last)")
    }

    /// Makes `session` wait anew through the hooks route, as Claude Code's hooks would: its wait
    /// is cleared (`UserPromptSubmit`), then raised again (`Notification`, permission prompt),
    /// which is a new prompt. The agent itself keeps asking.
    func raiseWait(_ session: Session) async throws {
        let key = session.ticket?.externalId ?? ""
        // The detector debounces its signals and the last one wins: a transcript or output signal
        // of the agent (which keeps asking) that lands in the same window keeps the wait, so the
        // clear is sent again until the list shows it.
        var cleared = (ok: false, screen: "")
        for _ in 0..<5 where !cleared.ok {
            try await hook(
                ["hook_event_name": "UserPromptSubmit", "prompt": "e2e", "claudepm_session_id": session.id])
            cleared = await tmux.waitForScreen(timeout: 10) { screen in
                ListRows(screen).rows.first { $0.key == key }.map { !$0.line.contains("◆") } ?? false
            }
        }
        try #require(cleared.ok, "\(key) still shows as waiting after five clears:\n\(cleared.screen)")
        try await hook([
            "hook_event_name": "Notification", "notification_type": "permission_prompt",
            "message": "Claude needs your permission to use Bash", "claudepm_session_id": session.id,
        ])
    }

    /// Posts `fields` to the hooks route, as Claude Code's hooks do.
    func hook(_ fields: [String: String]) async throws {
        let body = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        _ = try await rest.perform("POST", "/api/hooks/claude", body: body, resource: "hook")
    }

    /// Polls `session`'s own pane until `condition` holds (30 s).
    func waitForAgent(_ session: Session, _ condition: (String) -> Bool) async -> Bool {
        let end = Date().addingTimeInterval(30)
        while Date() < end {
            if condition(await agentScreen(paneId: session.paneId)) { return true }
            try? await Task.sleep(for: .milliseconds(200))
        }
        return false
    }

    /// The server's log lines for answers typed into a pane (one per answer the server accepted).
    func answersTyped() -> [String] {
        serverLogLines { $0.hasSuffix("answer typed") }
    }

    /// The server's log lines that `matches` accepts.
    func serverLogLines(_ matches: (String) -> Bool) -> [String] {
        let log = (try? String(contentsOfFile: server.logPath, encoding: .utf8)) ?? ""
        return log.split(separator: "\n").map(String.init).filter(matches)
    }
}
