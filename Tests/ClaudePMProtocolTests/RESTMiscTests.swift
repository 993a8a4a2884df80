// Golden tests for notifications, errors, hooks and agents (§2.0, §2.5, §2.6).
import ClaudePMProtocol
import Foundation
import Testing

@Suite struct RESTMiscTests {
    @Test func notificationListWithAdhocTicketAndNullSession() throws {
        let waiting = NotificationItem(
            id: ID.notification, type: .waitingInput, message: "Fix login: permission_prompt",
            createdAt: at("2025-12-30T18:01:00.000Z"),
            session: NotificationSessionRef(id: ID.session, type: .ticket, status: .running),
            ticket: NotificationTicketRef(id: ID.ticket, externalId: "CSM-001", title: "Fix login"))
        let low = NotificationItem(
            id: "f8a9b0c1-d2e3-4f4a-b5c6-d7e8f9a0b1c2", type: .contextLow,
            message: "Ticket Explore caching still in progress: caching layer not started",
            createdAt: at("2025-12-30T17:00:00.000Z"), session: nil,
            ticket: NotificationTicketRef(id: ID.adhocTicket, externalId: nil, title: "Explore caching"))
        let list = NotificationList(data: [waiting, low])
        #expect(list.count == 2)
        try Fixture.expectExact(list, "rest/notification-list.json")
        #expect(try JSONValue(encoding: low)["session"] == .null)
    }

    @Test func countsAndAcks() throws {
        try Fixture.expectExact(CountResponse(count: 7), "rest/notification-count.json")
        try Fixture.expectExact(DismissAllResponse(dismissed: 3), "rest/dismiss-all.json")
        try Fixture.expectExact(SuccessResponse(), "rest/success.json")
    }

    @Test func errorBodies() throws {
        try Fixture.expectExact(ErrorBody.notFound, "rest/error-not-found.json")
        try Fixture.expectExact(
            ErrorBody(error: "Session not found: \(ID.session)"), "rest/error-session-not-found.json")
        try Fixture.expectExact(ErrorBody.unauthorized, "rest/error-unauthorized.json")
        try Fixture.expectExact(
            ErrorBody(error: "Session has no tmux pane", message: "Session may not have been started yet"),
            "rest/error-focus.json")
        let dirty = ErrorBody(
            error: "Worktree has uncommitted changes", code: "DIRTY_WORKTREE", dirty: true,
            files: ["src/app.ts", "README.md"])
        try Fixture.expectExact(dirty, "rest/error-agents-dirty.json")
    }

    @Test func validationErrorDetailsAreMessagesByPath() throws {
        let body = ErrorBody.validation([
            "id": ["Invalid session ID format"], "lines": ["Number must be less than or equal to 10000"],
        ])
        try Fixture.expectExact(body, "rest/error-validation.json")
        let decoded = try Fixture.decode(ErrorBody.self, "rest/error-validation.json")
        #expect(decoded.validationMessages?["id"] == ["Invalid session ID format"])
        #expect(decoded.message == nil)
    }

    @Test func hooks() throws {
        try Fixture.expectExact(HookResponse(), "rest/hook-response.json")
        try Fixture.expectExact(HookResponse(warning: "No matching session found"), "rest/hook-response-warning.json")
        try Fixture.expectExact(HooksHealth(detectorRunning: true, watchedSessions: 2), "rest/hooks-health.json")
    }

    @Test func agentsAreCamelCaseWithOpenStatus() throws {
        let list = AgentList(agents: [
            Agent(
                id: "tmux:default:%42", worktree: "feature-sso", project: "shop", status: .working,
                title: "Implementing SSO", workdir: "/home/dev/shop__worktrees/feature-sso", statusTs: 1_767_117_600,
                updatedTs: 1_767_117_605.5),
            Agent(
                id: "tmux:default:%43", worktree: "docs", project: "shop", status: .other("idle"), title: "",
                workdir: "/home/dev/shop__worktrees/docs", statusTs: 0, updatedTs: 1_767_117_000),
        ])
        try Fixture.expectExact(list, "rest/agent-list.json")
    }

    @Test func agentCommands() throws {
        try Fixture.expectExact(
            TaskPresetsResponse(presets: ["Fix the failing tests", "Write docs for the API"]), "rest/task-presets.json")
        let added = AgentCommandResponse(
            action: "add", workdir: "/home/dev/shop__worktrees/feature-sso",
            output: CommandOutput(stdout: "Created worktree feature-sso\n", stderr: "", exitCode: 0))
        try Fixture.expectExact(added, "rest/agent-command.json")
        let failed = ErrorBody(
            error: "workmux merge failed",
            output: CommandOutput(stdout: "", stderr: "conflict in src/app.ts\n", exitCode: 1))
        try Fixture.expectExact(failed, "rest/error-agents-command-failed.json")
        try Fixture.expectExact(
            AddAgentRequest(project: "shop", name: "feature-sso", task: "Implement SSO login"),
            "requests/add-agent.json")
        try Fixture.expectExact(RemoveAgentRequest(force: true), "requests/remove-agent.json")
    }
}
