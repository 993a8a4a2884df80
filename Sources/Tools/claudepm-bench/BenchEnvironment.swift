// The shared stage for every scenario: a throwaway directory, a tmux server on its own socket
// (status line off, so only the pane draws), and optionally claudepm-server driving that tmux.
import Foundation

/// A pane both paths attach to; `sessionId` is the server's id for it (nil without a server).
struct BenchTarget: Sendable {
    let sessionId: String?
    let paneID: String
}

/// Temporary directory, tmux server and (optionally) claudepm-server for one benchmark run.
final class BenchEnvironment {
    static let tmuxSession = "bench"
    static let rows = 24
    static let cols = 80

    let root: URL
    let tmux: TmuxControl
    private(set) var server: ServerFixture?
    /// How often the server had exited and was restarted before a PTY connection.
    private(set) var serverRestarts = 0
    let projectId: String?
    /// Why the server path is missing, when a server binary was given but failed.
    private(set) var serverProblem: String?

    private init(root: URL, tmux: TmuxControl, server: ServerFixture?, projectId: String?) {
        self.root = root
        self.tmux = tmux
        self.server = server
        self.projectId = projectId
    }

    /// Creates the directory and tmux session, and starts `serverBinary` if given. A server that
    /// fails to start is stopped and reported in `serverProblem`; the run goes on with tmux only.
    static func create(serverBinary: String?) async throws -> BenchEnvironment {
        let root = StageName.environment.root
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let tmux = TmuxControl(socketName: StageName.environment.name)
        try tmux.newSession(tmuxSession, cwd: root.path, command: "/bin/sh", cols: cols, rows: rows)
        guard let serverBinary else { return BenchEnvironment(root: root, tmux: tmux, server: nil, projectId: nil) }
        var server: ServerFixture?
        do {
            server = try await ServerFixture.start(
                binary: serverBinary, dataDir: root.appendingPathComponent("data").path,
                tmuxSocket: tmux.socketName, command: "/bin/sh", log: root.appendingPathComponent("server.log").path)
            let project = try server?.createProject(name: "Bench", repoPath: root.path, tmuxSession: tmuxSession)
            return BenchEnvironment(root: root, tmux: tmux, server: server, projectId: project)
        } catch {
            server?.stop()
            let environment = BenchEnvironment(root: root, tmux: tmux, server: nil, projectId: nil)
            environment.serverProblem = "claudepm-server \(serverBinary) could not be used (\(error)): tmux only."
            return environment
        }
    }

    /// A new pane running /bin/sh: a server session when a server runs, else a plain tmux window.
    func newTarget() async throws -> BenchTarget {
        if let server, let projectId {
            let session = try server.startSession(projectId: projectId)
            return BenchTarget(sessionId: session.id, paneID: session.paneID)
        }
        let pane = try tmux.newPane(session: Self.tmuxSession, cwd: root.path, command: "/bin/sh")
        return BenchTarget(sessionId: nil, paneID: pane)
    }

    /// The paths that can be measured: tmux always, the server when it runs.
    var kinds: [LinkKind] { server == nil ? [.tmux] : [.tmux, .server] }

    /// Opens a full-screen link of `kind` on `target`.
    func openLink(_ kind: LinkKind, _ target: BenchTarget) async throws -> any TerminalLink {
        guard kind != .tmux else {
            return try TmuxAttachLink.open(
                tmux: tmux, session: Self.tmuxSession, paneID: target.paneID, cols: Self.cols, rows: Self.rows)
        }
        guard var server, let sessionId = target.sessionId else { throw BenchError.setup("no server") }
        if !server.isRunning {
            server = try await server.restarted()
            self.server = server
            serverRestarts += 1
        }
        let stream = kind == .pane ? "pane" : nil
        // A new connection right after the previous one closed is sometimes refused; retry briefly.
        for _ in 0..<2 {
            if let link = try? await ServerPTYLink.open(
                port: server.port, sessionId: sessionId, cols: Self.cols, rows: Self.rows, stream: stream)
            {
                return link
            }
            try await Task.sleep(for: .milliseconds(300))
        }
        return try await ServerPTYLink.open(
            port: server.port, sessionId: sessionId, cols: Self.cols, rows: Self.rows, stream: stream)
    }

    /// Stops the server, kills the tmux server and removes the directory.
    func tearDown() async {
        server?.stop()
        tmux.killServer()
        try? FileManager.default.removeItem(at: root)
    }
}
