// The stage of the server-side scenarios (idle-server, waiting): a tmux server and a
// claudepm-server of their own, one project whose tmux session holds `idleSessions` sessions
// with an idle shell (it printed its prompt once), and optionally the waiting pane. The same
// sessions are measured with the default (pushed, tmux control mode) server and, after a
// relaunch on the same data and tmux socket, with `--poll-only`.
import Foundation

/// A claudepm-server with many idle sessions, switchable between pushed and polling.
final class ServerStage {
    static let tmuxSession = "idle"

    let root: URL
    let tmux: TmuxControl
    private(set) var server: ServerFixture
    /// Sessions running an idle shell.
    let idleSessions: Int
    /// The pane that prints a prompt on demand (when the waiting scenario runs).
    let waitingPane: WaitingPane?

    private init(root: URL, tmux: TmuxControl, server: ServerFixture, idleSessions: Int, waitingPane: WaitingPane?) {
        self.root = root
        self.tmux = tmux
        self.server = server
        self.idleSessions = idleSessions
        self.waitingPane = waitingPane
    }

    /// Starts tmux and a pushed server, then creates the sessions through REST.
    static func create(serverBinary: String, idleSessions: Int, waitingPane wanted: Bool) async throws -> ServerStage {
        let root = StageName.server.root
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let tmux = TmuxControl(socketName: StageName.server.name)
        tmux.killServer()
        try tmux.newSession(tmuxSession, cwd: root.path, command: "/bin/sh", cols: 80, rows: 24)
        let server: ServerFixture
        do {
            server = try await ServerFixture.start(
                binary: serverBinary, dataDir: root.appendingPathComponent("data").path, tmuxSocket: tmux.socketName,
                command: "/bin/sh", log: root.appendingPathComponent("server.log").path)
        } catch {
            tmux.killServer()
            throw error
        }
        do {
            let project = try server.createProject(name: "Idle", repoPath: root.path, tmuxSession: tmuxSession)
            for index in 0..<idleSessions {
                _ = try server.startSession(projectId: project)
                if (index + 1) % 50 == 0 { FileHandleStderr.write("[bench] \(index + 1) idle sessions\n") }
            }
            let pane =
                wanted ? try await WaitingPane.make(server: server, projectId: project, tmux: tmux, root: root) : nil
            return ServerStage(root: root, tmux: tmux, server: server, idleSessions: idleSessions, waitingPane: pane)
        } catch {
            server.stop()
            tmux.killServer()
            throw error
        }
    }

    /// Makes sure the server runs in the given mode (relaunching it on the same data if not).
    func use(pollOnly: Bool) async throws {
        guard server.pollOnly != pollOnly || !server.isRunning else { return }
        server = try await server.relaunched(pollOnly: pollOnly)
    }

    /// How the current mode is named in the table.
    var modeLabel: String { server.pollOnly ? "--poll-only (3 s polling)" : "pushed (tmux control mode)" }

    /// The tmux server's pid.
    var tmuxServerPid: Int32? { tmux.serverPid(session: Self.tmuxSession) }

    /// Stops the server and tmux, removes the directory.
    func tearDown() {
        server.stop()
        tmux.killServer()
        try? FileManager.default.removeItem(at: root)
    }
}
