// Idle server: what claudepm-server and tmux spend on sessions that print nothing. After a
// settle, over one window, from /proc (utime+stime, % of one core):
// - the server process itself;
// - the short-lived tmux clients it runs (the polling design's `capture-pane`/`list-panes`):
//   the server's cutime+cstime, i.e. the CPU of the children it reaped in the window;
// - its long-lived tmux clients (the control-mode clients of the pushed design): children whose
//   name starts with "tmux" (tmux renames itself "tmux: client") that live through the window;
// - the tmux server.
// Processes started by the server are counted with the kernel's process events (ForkCounter).
import Foundation

/// One idle window's figures (CPU in % of one core).
struct IdleServerResult {
    var server: Double
    var shortLivedClients: Double
    var controlClients: Double
    var controlClientCount: Int
    var tmuxServer: Double
    /// Processes the server started per second; nil when they could not be counted.
    var processesPerSecond: Double?
    /// How often the kernel dropped process events for the counter (then a lower bound).
    var counterOverruns: Int
    /// Why processes could not be counted.
    var counterProblem: String?
    var serverWakeupsPerSecond: Double

    /// Every part together.
    var total: Double { server + shortLivedClients + controlClients + tmuxServer }
}

/// Measures the stage's server in its current mode.
struct IdleServerScenario {
    let stage: ServerStage
    let settle: Duration
    let window: Duration

    func run() async throws -> IdleServerResult {
        guard let tmuxServer = stage.tmuxServerPid else { throw BenchError.setup("no tmux server pid") }
        try await Task.sleep(for: settle)
        let pid = stage.server.pid
        guard stage.server.isRunning else { throw BenchError.server("claudepm-server exited while idle") }
        let started = ForkCounter.start(parent: pid)
        let counter = try? started.get()
        defer { counter?.stop() }
        let before = Reading(server: pid, tmuxServer: tmuxServer)
        let wakeups = ProcessUsage(pids: [pid])
        try await Task.sleep(for: window)
        let after = Reading(server: pid, tmuxServer: tmuxServer)
        let seconds = (after.at - before.at).milliseconds / 1000
        func percent(_ delta: Double) -> Double { delta / seconds * 100 }
        let lived = Set(before.clients.keys).intersection(after.clients.keys)
        let clientsDelta = lived.map { (after.clients[$0] ?? 0) - (before.clients[$0] ?? 0) }.reduce(0, +)
        let counts = counter?.counts
        return IdleServerResult(
            server: percent(after.server - before.server),
            shortLivedClients: percent(after.reaped - before.reaped),
            controlClients: percent(clientsDelta), controlClientCount: lived.count,
            tmuxServer: percent(after.tmuxServer - before.tmuxServer),
            processesPerSecond: counts.map { Double($0.forks) / seconds }, counterOverruns: counts?.overruns ?? 0,
            counterProblem: counter == nil ? "\(started)" : nil,
            serverWakeupsPerSecond: wakeups.rates().wakeupsPerSecond)
    }
}

/// CPU seconds of the parts at one instant.
private struct Reading {
    let at = ContinuousClock.now
    let server: Double
    let reaped: Double
    /// Live tmux children of the server → their CPU seconds.
    let clients: [Int32: Double]
    let tmuxServer: Double

    init(server pid: Int32, tmuxServer: Int32) {
        server = ProcStat.cpuSeconds(pid: pid) ?? 0
        reaped = ProcStat.reapedChildrenCPUSeconds(pid: pid) ?? 0
        var clients: [Int32: Double] = [:]
        for child in ProcStat.children(of: pid) where ProcStat.name(pid: child)?.hasPrefix("tmux") == true {
            clients[child] = ProcStat.cpuSeconds(pid: child)
        }
        self.clients = clients
        self.tmuxServer = ProcStat.cpuSeconds(pid: tmuxServer) ?? 0
    }
}
