// Do no harm, run the way a user runs it (issue 35): the user's own tmux server with a real
// client of theirs attached, under each `window-size`, and claudepm-server on it. A claudepm
// viewer attached interactively while the server is killed with SIGKILL leaves the window sized
// (nobody can put it back then); the next start of the server puts back exactly what it recorded,
// and a server stopped with SIGTERM while a viewer is attached puts the window back before it exits.
import ClaudePMProtocol
import ClientCore
import ClientNetwork
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct NoTraceEndToEndTests {
    /// The user's tmux: session `user` of three windows (the third with a `window-size` of its
    /// own) under the global `mode`; returns the window and pane ids.
    static func userTmux(socket: String, mode: String) async throws -> (windows: [String], panes: [String]) {
        let run = { @Sendable (arguments: [String]) in
            try await TmuxHarness.run(socket: socket, arguments, environment: [:])
        }
        let format = ["-P", "-F", "#{window_id} #{pane_id}"]
        var made = [try await run(["new-session", "-d", "-s", "user", "-x", "100", "-y", "31"] + format + ["cat"])]
        for _ in 0..<2 { made.append(try await run(["new-window", "-d", "-t", "=user:"] + format + ["cat"])) }
        let ids = made.map { $0.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").map(String.init) }
        _ = try await run(["split-window", "-d", "-h", "-t", ids[1][1], "cat"])
        let own = mode == "smallest" ? "largest" : "smallest"
        _ = try await run(["set-option", "-w", "-t", ids[2][0], "window-size", own])
        _ = try await run(["set-option", "-g", "window-size", mode])
        return (ids.map { $0[0] }, ids.map { $0[1] })
    }

    /// Runs `body` with the user's tmux under `mode` and a client of theirs attached; tears both
    /// down afterwards, also when the body throws.
    static func withUser(
        _ mode: String, _ body: (UserClient, [String], [String], URL) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("claudepm-e2e-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let socket = "claudepm-e2e-user-\(UUID().uuidString.prefix(8))"
        TmuxSweep.killAtExit(socket: socket)
        var user: UserClient?
        do {
            let (windows, panes) = try await userTmux(socket: socket, mode: mode)
            let client = try await UserClient.attach(
                socket: socket, session: "user", cols: 100, rows: 32, environment: UIWorld.environment(directory))
            user = client
            try await body(client, windows, panes, directory)
        } catch {
            await user?.stop()
            TmuxSweep.killAll(socket: socket)
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        await user?.stop()
        TmuxSweep.killAll(socket: socket)
        TmuxHarness.removeSocketFile(socket)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Makes the user's tmux session a project and adopts its panes; returns `pane`'s session.
    static func adopt(pane: String, config: ServerConfig, repo: URL) async throws -> Session {
        let rest = RESTClient(server: config, apiKey: nil, tls: nil)
        let project = #"{"name":"user","repo_path":"\#(repo.path)","tmux_session":"user"}"#
        _ = try await rest.perform("POST", "/api/projects", body: Data(project.utf8), resource: "project")
        _ = try await rest.perform("POST", "/api/sessions/discover", body: Data("{}".utf8), resource: "discover")
        return try #require(try await rest.sessions().first { $0.paneId == pane }, "the user's pane was not adopted")
    }

    /// A claudepm-server on the user's tmux with its data in `directory/data`; its log in `logs`.
    static func server(_ user: UserClient, _ directory: URL, logs: URL) async throws -> DemoServer {
        let data = directory.appendingPathComponent("data").path
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        return try await DemoServer.start(
            environment: UIWorld.environment(directory), directory: logs,
            arguments: ["--tmux-socket", user.socket, "--data-dir", data, "--command", "cat"])
    }

    static func config(_ server: DemoServer) -> ServerConfig {
        ServerConfig(name: "user", url: URL(string: server.url) ?? ServerConfig.defaultURL)
    }

    @Test(
        "a server killed mid-attach leaves the window sized; its next start, or a stop, puts the user's tmux back",
        arguments: ["manual", "latest", "largest", "smallest"])
    func aServerKilledMidAttachIsUndoneAtItsNextStart(_ mode: String) async throws {
        try await Self.withUser(mode) { user, windows, panes, directory in
            // Each server logs into a directory of its own (DemoServer reads the first URL a log announces).
            let first = try await Self.server(user, directory, logs: directory.appendingPathComponent("first"))
            let session: Session
            do { session = try await Self.adopt(pane: panes[2], config: Self.config(first), repo: directory) } catch {
                await first.stop()
                throw error
            }
            let before = try await user.state()
            try await Self.killMidAttach(first, session: session, user: user, window: windows[2])
            let records = directory.appendingPathComponent("data/tmux-window-sizes.json").path
            #expect(FileManager.default.fileExists(atPath: records))

            let next = try await Self.server(user, directory, logs: directory.appendingPathComponent("next"))
            let restored = await eventually { (try? await user.state()) == before }
            let now = (try? await user.state()) ?? ""
            #expect(restored, "after the restart:\n\(TmuxUserState.difference(before, now))")
            #expect(!FileManager.default.fileExists(atPath: records))
            await Self.stopMidAttach(next, session: session, user: user, window: windows[2])
            let stopped = (try? await user.state()) ?? ""
            #expect(stopped == before, "after the server stopped:\n\(TmuxUserState.difference(before, stopped))")
        }
    }

    /// An interactive viewer sizes `window` to 140×39, then `server` is killed with SIGKILL: the
    /// window stays sized (nobody is left to put it back).
    static func killMidAttach(_ server: DemoServer, session: Session, user: UserClient, window: String) async throws {
        let viewer = PaneViewer(server: config(server), sessionId: session.id, readOnly: false)
        await viewer.start(cols: 140, rows: 39)
        #expect(await eventually { (try? await user.size(of: window)) == "140x39" })
        kill(server.pid, SIGKILL)
        _ = await Subprocess.reap(server.pid)
        await viewer.stop()
        #expect(try await user.size(of: window) == "140x39", "the window was put back without the server")
    }

    /// An interactive viewer sizes `window` to 120×30, then `server` is stopped (SIGTERM) while the
    /// viewer is still attached.
    static func stopMidAttach(_ server: DemoServer, session: Session, user: UserClient, window: String) async {
        let viewer = PaneViewer(server: config(server), sessionId: session.id, readOnly: false)
        await viewer.start(cols: 120, rows: 30)
        let resized = await eventually { (try? await user.size(of: window)) == "120x30" }
        #expect(resized, "the viewer of the restarted server did not size the window")
        await server.stop()
        await viewer.stop()
    }

}
