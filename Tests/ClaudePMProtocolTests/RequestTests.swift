// Golden tests for request bodies: what the client sends and the server decodes.
import ClaudePMProtocol
import Foundation
import Testing

@Suite struct RequestTests {
    @Test func createProject() throws {
        let full = CreateProjectRequest(
            name: "shop", repoPath: "/home/dev/shop", tmuxSession: "shop", tmuxWindow: "claude",
            ticketsPath: "docs/tickets/", handoffPath: "docs/handoff.md")
        try Fixture.expectExact(full, "requests/create-project.json")
        let minimal = CreateProjectRequest(name: "shop", repoPath: "/home/dev/shop", tmuxSession: "shop")
        try Fixture.expectExact(minimal, "requests/create-project-minimal.json")
    }

    @Test func updateProjectDistinguishesNullFromAbsent() throws {
        try Fixture.expectExact(
            UpdateProjectRequest(name: "shop-2", tmuxWindow: .null), "requests/update-project-clear-window.json")
        try Fixture.expectExact(
            UpdateProjectRequest(tmuxSession: "work", tmuxWindow: .set("3")), "requests/update-project-set-window.json")
        let keep = UpdateProjectRequest(handoffPath: "HANDOFF.md")
        try Fixture.expectExact(keep, "requests/update-project-keep-window.json")
        #expect(
            try Fixture.decode(UpdateProjectRequest.self, "requests/update-project-keep-window.json").tmuxWindow
                == .absent)
        #expect(try JSONValue(encoding: keep)["tmux_window"] == nil)
        #expect(try JSONValue(encoding: UpdateProjectRequest(tmuxWindow: .null))["tmux_window"] == .null)
    }

    @Test func sessionBodies() throws {
        try Fixture.expectExact(
            StartSessionRequest(initialPrompt: "Fix the flaky test", cwd: "/home/dev/shop/api", ticketId: ID.ticket),
            "requests/start-session.json")
        try Fixture.expectExact(StartSessionRequest(), "requests/start-session-empty.json")
        try Fixture.expectExact(StopSessionRequest(force: true), "requests/stop-session.json")
        try Fixture.expectExact(InputRequest(input: "continue"), "requests/input.json")
        try Fixture.expectExact(KeysRequest(keys: "C-a ["), "requests/keys.json")
        try Fixture.expectExact(RenameRequest(name: "api work"), "requests/rename.json")
        try Fixture.expectExact(ScrollRequest(action: .enter), "requests/scroll.json")
    }

    @Test func ticketBodies() throws {
        try Fixture.expectExact(PatchTicketRequest(state: .inProgress), "requests/patch-ticket.json")
        try Fixture.expectExact(
            RejectRequest(feedback: "Please add tests for the SSO callback."), "requests/reject.json")
        let adhoc = CreateAdhocTicketRequest(title: "Explore caching", slug: "explore-caching", isExplore: true)
        try Fixture.expectExact(adhoc, "requests/create-adhoc-ticket.json")
        #expect(try JSONValue(encoding: adhoc)["is_explore"] == nil)
        try Fixture.expectExact(
            UpdateContentRequest(content: "# Explore caching\n\nNotes.\n"), "requests/update-content.json")
        try Fixture.expectExact(UpdateTitleRequest(title: "Explore the cache layer"), "requests/update-title.json")
    }

    @Test func hookEvents() throws {
        let notification = ClaudeHookEvent(
            hookEventName: "Notification", sessionId: "0f9e8d7c-6b5a-4493-8271-605f4e3d2c1b",
            transcriptPath: "/home/dev/.claude/projects/shop/0f9e8d7c.jsonl", cwd: "/home/dev/shop",
            notificationType: "permission_prompt", message: "Claude needs your permission to use Bash",
            claudepmSessionId: ID.session)
        try Fixture.expectExact(notification, "requests/hook-notification.json")
        let legacy = ClaudeHookEvent(
            event: "Notification", sessionId: "0f9e8d7c-6b5a-4493-8271-605f4e3d2c1b", cwd: "/home/dev/shop",
            matcher: "idle_prompt")
        try Fixture.expectExact(legacy, "requests/hook-legacy.json")
        #expect(legacy.eventName == "Notification" && legacy.effectiveNotificationType == "idle_prompt")
    }

    @Test func hookEventIgnoresExtraKeys() throws {
        let stop = try Fixture.decode(ClaudeHookEvent.self, "requests/hook-stop-extra-keys.json")
        #expect(stop.eventName == "Stop")
        #expect(stop.cwd == "/home/dev/shop")
        #expect(stop.claudepmSessionId == nil)
    }
}
