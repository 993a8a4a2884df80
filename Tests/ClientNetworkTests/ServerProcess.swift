// A real claudepm-server child process for integration tests: own data directory, own tmux
// socket, loopback port. It can be killed (SIGKILL), stopped (SIGSTOP/SIGCONT) and restarted on
// the same port and data directory. Found next to the test bundle, or at $CLAUDEPM_SERVER_BINARY.

import Foundation
import TestSupport

final class ServerProcess: @unchecked Sendable {
    // @unchecked: a test owns its ServerProcess and drives it from one task at a time.
    let directory: String
    let tmuxSocket: String
    private(set) var port: Int
    private var process: Process?
    private let extraArguments: [String]

    static var binary: URL? {
        if let path = ProcessInfo.processInfo.environment["CLAUDEPM_SERVER_BINARY"] {
            return URL(fileURLWithPath: path)
        }
        let url = CLIRunner.executable("claudepm-server")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    static var isAvailable: Bool { binary != nil }

    init(extraArguments: [String] = []) throws {
        directory = FileManager.default.temporaryDirectory.path + "/claudepm-net-srv-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/data", withIntermediateDirectories: true)
        tmuxSocket = "claudepm-test-" + UUID().uuidString.prefix(8).lowercased()
        TmuxSweep.killAtExit(socket: tmuxSocket)
        port = 0
        self.extraArguments = extraArguments
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts (or restarts on the same port) and waits for the `listening on` line, off the
    /// cooperative pool.
    func start() async throws {
        try await offPool { try self.startBlocking() }
    }

    private func startBlocking() throws {
        guard let binary = Self.binary else { throw POSIXError(.ENOENT) }
        let process = Process()
        process.executableURL = binary
        process.arguments =
            ["--port", String(port), "--data-dir", directory + "/data", "--tmux-socket", tmuxSocket, "--command", "sh"]
            + extraArguments
        let inherited = ProcessInfo.processInfo.environment
        process.environment = [
            "HOME": directory, "PATH": inherited["PATH"] ?? "/usr/bin:/bin",
            // The same tmux socket directory as this process's own `tmux()` calls.
            "TMUX_TMPDIR": inherited["TMUX_TMPDIR"] ?? "/tmp",
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        self.process = process
        let line = Self.firstLine(out.fileHandleForReading)
        guard let range = line.range(of: "http"), let url = URL(string: String(line[range.lowerBound...])),
            let port = url.port
        else { throw POSIXError(.EPROTO) }
        self.port = port
        Thread.detachNewThread { while !out.fileHandleForReading.availableData.isEmpty {} }
    }

    private static func firstLine(_ handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        while let byte = handle.readData(ofLength: 1).first, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }

    func signal(_ number: Int32) {
        guard let process else { return }
        kill(process.processIdentifier, number)
    }

    /// SIGKILL and wait (off the cooperative pool).
    func killHard() async {
        signal(SIGKILL)
        if let process { await ChildWait.exit(of: process) }
        process = nil
    }

    /// Runs tmux on this server's socket and returns its wait status (off the cooperative pool).
    @discardableResult func tmux(_ arguments: [String]) async throws -> Int32 {
        let socket = tmuxSocket
        return await offPool { ChildWait.tmux(socket: socket, arguments) }
    }

    /// Stops the server with SIGTERM, then kills its tmux server and the control clients still
    /// attached to it (`TmuxSweep`; `tmux kill-server` on tmux 3.3a never finished while a
    /// control client was attached, and test processes that exited right after leaked tmux
    /// servers that way). Reaping the server and removing the directory happen on a thread of its
    /// own: the last reference usually goes on a cooperative-pool thread, which must not block.
    /// SIGKILL follows after 10 s if the server is still running.
    deinit {
        let directory = directory
        let running = process.flatMap { $0.isRunning ? $0 : nil }
        if let running {
            kill(running.processIdentifier, SIGCONT)
            kill(running.processIdentifier, SIGTERM)
        }
        TmuxSweep.killAll(socket: tmuxSocket)
        Thread.detachNewThread {
            if let running {
                let deadline = Date().addingTimeInterval(10)
                while running.isRunning && Date() < deadline { usleep(50_000) }
                if running.isRunning { kill(running.processIdentifier, SIGKILL) }
                ChildWait.exitStatus(of: running)
            }
            try? FileManager.default.removeItem(atPath: directory)
        }
    }
}
