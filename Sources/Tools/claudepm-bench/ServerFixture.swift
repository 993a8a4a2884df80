// A real claudepm-server on loopback for the benchmark: started as a child process with its own
// data directory and tmux socket, driven through REST like any client, stopped at the end.
import Foundation

/// A running claudepm-server and the REST calls the benchmark needs.
final class ServerFixture {
    let pid: pid_t
    let port: Int
    private let arguments: [String]

    private init(pid: pid_t, port: Int, arguments: [String]) {
        self.pid = pid
        self.port = port
        self.arguments = arguments
    }

    /// Starts `binary` on a free loopback port using tmux socket `tmuxSocket`; panes run `command`.
    /// `pollOnly` adds `--poll-only` (the server polls tmux instead of using control mode).
    static func start(
        binary: String, dataDir: String, tmuxSocket: String, command: String, log: String, pollOnly: Bool = false
    )
        async throws -> ServerFixture
    {
        let port = try LoopbackSocket.freePort()
        let arguments = [
            binary, "--port", String(port), "--data-dir", dataDir, "--tmux-socket", tmuxSocket, "--command", command,
            "--log-file", log,
        ]
        return try await launch(arguments + (pollOnly ? [pollOnlyFlag] : []), port: port)
    }

    private static let pollOnlyFlag = "--poll-only"

    /// True when this server polls tmux (`--poll-only`).
    var pollOnly: Bool { arguments.contains(Self.pollOnlyFlag) }

    private static let noJournalFlag = "--no-journal"

    /// False when this server keeps no journal (`--no-journal`).
    var keepsJournal: Bool { !arguments.contains(Self.noJournalFlag) }

    /// Stops this server and starts it again with the same port, data and tmux socket, polling
    /// or not (it re-adopts its sessions).
    func relaunched(pollOnly: Bool) async throws -> ServerFixture {
        try await relaunched(flag: Self.pollOnlyFlag, on: pollOnly)
    }

    /// The same, keeping a journal or not.
    func relaunched(journal: Bool) async throws -> ServerFixture {
        try await relaunched(flag: Self.noJournalFlag, on: !journal)
    }

    private func relaunched(flag: String, on: Bool) async throws -> ServerFixture {
        stop()
        let base = arguments.filter { $0 != flag }
        return try await Self.launch(base + (on ? [flag] : []), port: port)
    }

    private static func launch(_ arguments: [String], port: Int) async throws -> ServerFixture {
        let devNull = open("/dev/null", O_WRONLY)
        defer { close(devNull) }
        let pid = try Spawn.start(arguments, stdout: devNull, stderr: devNull)
        let fixture = ServerFixture(pid: pid, port: port, arguments: arguments)
        try await fixture.waitHealthy()
        return fixture
    }

    /// True while the server process runs.
    var isRunning: Bool { Spawn.isRunning(pid) }

    /// The same server started again (same port, data and tmux socket: it re-adopts its sessions).
    func restarted() async throws -> ServerFixture { try await Self.launch(arguments, port: port) }

    private func waitHealthy() async throws {
        for _ in 0..<600 {
            if !Spawn.isRunning(pid) { throw BenchError.server("exited before answering /api/health") }
            if let (status, _) = try? MiniHTTP.request(port: port, "GET", "/api/health", json: nil), status == 200 {
                return
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw BenchError.server("not healthy after 60 s")
    }

    /// Sends a JSON request and returns the decoded JSON object answer; throws on a non-2xx status.
    func json(_ method: String, _ path: String, _ body: [String: Any]? = nil) throws -> [String: Any] {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let (status, answer) = try MiniHTTP.request(port: port, method, path, json: data)
        guard (200..<300).contains(status) else {
            throw BenchError.server("\(method) \(path): \(status) \(String(decoding: answer, as: UTF8.self))")
        }
        guard !answer.isEmpty else { return [:] }
        return (try JSONSerialization.jsonObject(with: answer) as? [String: Any]) ?? [:]
    }

    /// Creates a project on tmux session `tmuxSession` for `repoPath`; returns its id.
    func createProject(name: String, repoPath: String, tmuxSession: String) throws -> String {
        let answer = try json(
            "POST", "/api/projects", ["name": name, "repo_path": repoPath, "tmux_session": tmuxSession])
        return try Self.id(in: answer, what: "project")
    }

    /// Starts a session in `projectId`; returns its id and pane id.
    func startSession(projectId: String) throws -> (id: String, paneID: String) {
        let answer = try json("POST", "/api/projects/\(projectId)/sessions", [:])
        guard let pane = answer["pane_id"] as? String else { throw BenchError.server("session without pane_id") }
        return (try Self.id(in: answer, what: "session"), pane)
    }

    /// The `id` of an answer (top level, or inside `data`/`ticket`).
    static func id(in answer: [String: Any], what: String) throws -> String {
        for candidate in [answer, answer["data"] as? [String: Any], answer["ticket"] as? [String: Any]] {
            if let id = candidate?["id"] as? String { return id }
        }
        throw BenchError.server("no id in the \(what) answer: \(answer.keys.sorted())")
    }

    /// The server's resident set size in MiB, from /proc.
    var residentMiB: Double? { ProcStat.residentMiB(pid: pid) }

    /// Stops the server.
    func stop() {
        kill(pid, SIGTERM)
        Spawn.wait(pid)
    }
}
