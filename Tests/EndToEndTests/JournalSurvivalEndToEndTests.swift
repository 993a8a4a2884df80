// A journal survives a SIGKILL of claudepm-server up to its last flushed second: a plain server
// (its own data directory, its own tmux server) adopts a pane that prints a line; once that line
// is in the journal's file on disk, the server is killed with SIGKILL, the pane prints another,
// and a new server on the same data directory and tmux server still shows the first line at its
// moment — and journals on, so the second line is there too once it is written again.
import ClaudePMProtocol
import ClientCore
import ClientNetwork
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Journal survival end to end", .serialized)
struct JournalSurvivalEndToEndTests {
    @Test func aJournalSurvivesASigkillUpToItsLastFlushedSecond() async throws {
        try await PlainStage.with("journal") { stage in
            _ = try await stage.tmux([
                "new-session", "-d", "-s", "main", "-x", "80", "-y", "24", "/bin/sh", "-c",
                "printf 'before-kill\\n'; read x; printf 'after-restart\\n'; exec cat",
            ])
            let data = stage.directory.appendingPathComponent("data")
            let arguments = ["--data-dir", data.path, "--tmux-socket", stage.socket, "--command", "/bin/cat"]
            let (session, moment) = try await stopping(
                DemoServer.start(environment: stage.environment, directory: stage.directory, arguments: arguments)
            ) { server in
                let rest = Self.client(server.url)
                let repo = stage.directory.appendingPathComponent("repo")
                try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
                _ = try await rest.createProject(
                    CreateProjectRequest(name: "journal", repoPath: repo.path, tmuxSession: "main"))
                let session = try await Self.adopt(rest)

                // Written to disk by the flusher (within a second), with no read of the journal
                // before (a read writes out what is buffered first).
                let onDisk = await eventually(within: 30) {
                    Self.journalFiles(data).contains { $0.contains("before-kill") }
                }
                try #require(onDisk, "the line never reached the journal's file")
                let moment = Self.now()
                kill(server.pid, SIGKILL)
                _ = await Subprocess.reap(server.pid)
                return (session, moment)
            }

            // Its own folder for its log: the first server's says where that one listened.
            let second = stage.directory.appendingPathComponent("second")
            try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
            try await stopping(
                DemoServer.start(environment: stage.environment, directory: second, arguments: arguments)
            ) { server in
                let rest = Self.client(server.url)
                _ = try await Self.adopt(rest)
                let kept = try await Self.screen(rest, session, at: moment)
                #expect(
                    kept.data.contains("before-kill"),
                    "the screen before the kill is lost: \(kept.data.debugDescription)")
                // The new server journals on into the same journal.
                _ = try await stage.tmux(["send-keys", "-t", "main", "Enter"])
                let after = await eventually(within: 30) {
                    (try? await Self.screen(rest, session, at: Self.now()))?.data.contains("after-restart") == true
                }
                #expect(after, "the restarted server does not journal the pane")
                let summary = try await rest.journal(session: session)
                #expect((summary.fromMs ?? .max) <= moment, "the journal no longer starts before the kill")
            }
        }
    }

    static func client(_ url: String) -> RESTClient {
        let config = ServerConfig(name: "journal", url: URL(string: url) ?? ServerConfig.defaultURL)
        return RESTClient(server: config, apiKey: nil, tls: nil)
    }

    static func now() -> Int64 { Int64(Date().timeIntervalSince1970 * 1000) }

    /// Adopts the tmux session's pane; its session id (the same after a restart: the store keeps it).
    static func adopt(_ rest: RESTClient) async throws -> String {
        _ = try await rest.perform("POST", "/api/sessions/discover", body: Data("{}".utf8), resource: "discover")
        var id: String?
        _ = await eventually(within: 30) {
            id = try? await rest.sessions().first { $0.status == .running }?.id
            return id != nil
        }
        return try #require(id, "the pane was not adopted")
    }

    static func screen(_ rest: RESTClient, _ id: String, at: Int64) async throws -> JournalScreen {
        try await rest.journalScreen(session: id, atMs: at)
    }

    static func journalFiles(_ data: URL) -> [String] {
        let folder = data.appendingPathComponent("journal")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.compactMap { name in
            FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map {
                String(decoding: $0, as: UTF8.self)
            }
        }
    }
}
