// claudepm-demo-agent end to end: it runs in a real tmux pane, is observed with capture-pane, is
// answered with send-keys, and its hook POSTs are received by a tiny loopback HTTP listener.
import Foundation
import TestSupport
import Testing

@testable import ServerCore

@Suite struct DemoAgentTests {
    /// The agent binary, built next to the test bundle.
    static var agentPath: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("claudepm-demo-agent").path
    }

    private func startAgent(
        _ sandbox: TmuxSandbox, listener: HookListener, questions: String
    ) async throws -> PaneInfo {
        #expect(FileManager.default.isExecutableFile(atPath: Self.agentPath), "build the agent first")
        return try await sandbox.tmux.newSession(
            name: TmuxSandbox.sessionName("agent"), cwd: "/tmp",
            command: [
                Self.agentPath, "--seed", "7", "--speed", "20", "--ask-after", "0", "--questions", questions,
                "--ticket", "CSM-003", "--hook-url", "http://127.0.0.1:\(listener.port)/api/hooks/claude",
            ],
            environment: ["CLAUDEPM_SESSION_ID": "sess-42", "LANG": "C.UTF-8"], width: 100, height: 30)
    }

    @Test func asksPermissionAndContinuesAfterYes() async throws {
        let listener = try HookListener()
        defer { listener.stop() }
        try await TmuxSandbox.with { sandbox in
            let pane = try await startAgent(sandbox, listener: listener, questions: "permission")
            #expect(await eventually { await sandbox.screen(pane.id).contains("Do you want to proceed?") })
            #expect(await eventually { listener.bodies.contains { $0["notification_type"] == "permission_prompt" } })
            let notification = listener.bodies.first { $0["hook_event_name"] == "Notification" }
            #expect(notification?["claudepm_session_id"] == "sess-42")
            #expect(notification?["cwd"] == "/tmp")
            #expect(notification?["session_id"]?.isEmpty == false)
            try await sandbox.tmux.sendLiteral(pane.id, text: "y", enter: false)
            #expect(await eventually { await sandbox.screen(pane.id).contains("Done (exit 0)") })
            #expect(await eventually { listener.bodies.contains { $0["hook_event_name"] == "UserPromptSubmit" } })
            let header = try await sandbox.tmux.capturePane(pane.id, historyLines: 0, escapes: false).first ?? ""
            #expect(header.hasPrefix("┌─ ✻ Claude Code (demo) · CSM-003") && header.hasSuffix("┐"))
        }
    }

    @Test func declinesAfterNo() async throws {
        let listener = try HookListener()
        defer { listener.stop() }
        try await TmuxSandbox.with { sandbox in
            let pane = try await startAgent(sandbox, listener: listener, questions: "permission")
            #expect(await eventually { await sandbox.screen(pane.id).contains("Do you want to proceed?") })
            try await sandbox.tmux.sendLiteral(pane.id, text: "n", enter: false)
            #expect(await eventually { await sandbox.screen(pane.id).contains("I'll do something else instead") })
        }
    }

    @Test func freeQuestionEchoesTheAnswerAndRedrawsOnResize() async throws {
        let listener = try HookListener()
        defer { listener.stop() }
        try await TmuxSandbox.with { sandbox in
            let pane = try await startAgent(sandbox, listener: listener, questions: "free")
            #expect(await eventually { await sandbox.screen(pane.id).contains("Waiting for your answer") })
            #expect(await eventually { listener.bodies.contains { $0["hook_event_name"] == "Stop" } })
            try await sandbox.tmux.sendLiteral(pane.id, text: "use UTC 漢字", enter: true)
            #expect(await eventually { await sandbox.screen(pane.id).contains("> use UTC 漢字") })
            #expect(await eventually { listener.bodies.contains { $0["prompt"] == "use UTC 漢字" } })
            try await sandbox.tmux.run(["resize-window", "-t", pane.id, "-x", "70", "-y", "20"])
            #expect(
                await eventually {
                    let rows = (try? await sandbox.tmux.capturePane(pane.id, historyLines: 0, escapes: false)) ?? []
                    return rows.count == 20 && rows[2].hasPrefix("└") && TextWidthProbe.columns(rows[2]) == 70
                })
            try await sandbox.tmux.sendKeyNames(pane.id, keys: ["C-c"])
            #expect(await eventually { await sandbox.tmux.pane(pane.id) == nil })
        }
    }
}

/// Counts columns of box-drawing rows (all single-width).
enum TextWidthProbe {
    static func columns(_ row: String) -> Int { row.unicodeScalars.count }
}
