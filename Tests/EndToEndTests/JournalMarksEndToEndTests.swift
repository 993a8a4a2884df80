// A session's journal marks what happened on the server beside its output: a plain server starts
// a session for an ad hoc ticket in a real tmux pane; the ticket is moved to review, and the move
// lands as a mark on that session's journal (`GET …/journal`), for rewind's timeline and `[`/`]`.
import ClaudePMProtocol
import ClientCore
import ClientNetwork
import Foundation
import TestSupport
import Testing

@Suite("Journal marks end to end", .serialized)
struct JournalMarksEndToEndTests {
    @Test func aTicketMoveIsMarkedOnItsSessionsJournal() async throws {
        try await PlainStage.with("marks") { stage in
            _ = try await stage.tmux(["new-session", "-d", "-s", "main", "-x", "80", "-y", "24", "/bin/cat"])
            // The agent: prints a line and stays (the prompt it is given is left alone).
            let agent = stage.directory.appendingPathComponent("agent.sh")
            try Data("#!/bin/sh\necho working on it\nexec cat\n".utf8).write(to: agent)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: agent.path)
            let arguments = [
                "--data-dir", stage.directory.appendingPathComponent("data").path, "--tmux-socket", stage.socket,
                "--command",
                agent.path,
            ]
            try await stopping(
                DemoServer.start(
                    environment: stage.environment, directory: stage.directory, arguments: arguments)
            ) { server in
                let rest = JournalSurvivalEndToEndTests.client(server.url)
                let repo = stage.directory.appendingPathComponent("repo")
                try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
                let project = try await rest.createProject(
                    CreateProjectRequest(name: "marks", repoPath: repo.path, tmuxSession: "main"))
                let created = try await rest.perform(
                    "POST", "/api/projects/\(project.id)/adhoc-tickets",
                    body: Data(#"{"title":"Mark me","slug":"mark-me"}"#.utf8),
                    resource: "ad hoc ticket")
                let ticket = try #require(
                    (try JSONSerialization.jsonObject(with: created.body) as? [String: Any])?["id"] as? String)
                let started = try await rest.start(ticket: ticket)
                let session = started.session.id
                // The journal starts once the pane is mirrored (its first keyframe).
                let recording = await eventually(within: 30) {
                    (try? await rest.journal(session: session))?.toMs != nil
                }
                let listed = (try? await rest.sessions()) ?? []
                try #require(recording, "the session's journal never started: \(listed)")
                _ = try await rest.move(ticket: ticket, to: .review)
                var marks: [JournalMark] = []
                let marked = await eventually(within: 30) {
                    marks = (try? await rest.journal(session: session))?.marks ?? []
                    return marks.contains { $0.kind == "ticket" }
                }
                #expect(marked, "marks: \(marks)")
                #expect(marks.filter { $0.kind == "ticket" }.map(\.text) == ["in_progress → review"], "\(marks)")
            }
        }
    }
}
