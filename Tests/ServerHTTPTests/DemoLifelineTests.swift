// `claudepm-server --demo --exit-on-stdin-eof`, as `claudepm demo` starts it: when the parent's
// end of the stdin pipe closes (the parent died, however), the server shuts down and removes its
// demo tmux server instead of leaving the agents running.
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: DemoPython.serverBinary != nil, "needs the claudepm-server binary"))
struct DemoLifelineTests {
    @Test func demoServerStopsAndRemovesItsTmuxWhenStdinCloses() async throws {
        let binary = try #require(DemoPython.serverBinary)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cpm-lifeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let server = Process()
        server.executableURL = binary
        server.arguments = ["--demo", "--port", "0", "--exit-on-stdin-eof"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        server.environment = environment
        let stdout = Pipe()
        // Close-on-exec, as claudepm makes it: other tests start processes in parallel, and one
        // that inherited the write end would keep the server's stdin open.
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let childEnd = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true)
        let keptEnd = FileHandle(fileDescriptor: fds[1], closeOnDealloc: true)
        server.standardOutput = stdout
        server.standardError = FileHandle.nullDevice
        server.standardInput = childEnd
        try server.run()
        try childEnd.close()
        let socket = "claudepm-demo-\(server.processIdentifier)"
        defer {
            if server.isRunning { server.terminate() }
            _ = Self.tmux(socket, ["kill-server"])
            TmuxSweep.killAll(socket: socket)
        }
        let first = await offPool { DemoPython.firstLine(stdout.fileHandleForReading) }
        #expect(first.contains("listening on"), "\(first)")
        #expect(
            await offPool { Self.tmux(socket, ["has-session", "-t", "claudepm-demo"]) } == 0,
            "the demo tmux server runs")
        try keptEnd.close()
        let exited = await offPool {
            let deadline = Date().addingTimeInterval(30)
            while server.isRunning && Date() < deadline { usleep(50_000) }
            return !server.isRunning
        }
        #expect(exited, "the server stopped after its stdin closed")
        #expect(
            await offPool { Self.tmux(socket, ["has-session", "-t", "claudepm-demo"]) } != 0,
            "the demo tmux server is gone")
    }

    /// Runs tmux on `socket` with output discarded; returns its exit status.
    static func tmux(_ socket: String, _ arguments: [String]) -> Int32 {
        ChildWait.tmux(socket: socket, arguments)
    }
}
