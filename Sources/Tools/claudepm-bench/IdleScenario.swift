// Idle: claudepm with 50 sessions listed and 9 live tiles whose sessions print nothing, measured
// for the whole duration (CPU % of one core from utime+stime; wakeups/s from the voluntary and
// non-voluntary context switches of every live thread). At the same time, on a tmux server of its
// own, 9 `tmux attach` clients on 9 idle shells are measured the same way (the clients; the tmux
// server is reported apart).
import Foundation

/// One idle run's figures.
struct IdleResult {
    var cpuPercent: Double
    var wakeupsPerSecond: Double
    var tmuxCpuPercent: Double
    var tmuxWakeupsPerSecond: Double
    var tmuxServerWakeupsPerSecond: Double
    /// claudepm's resident memory at the end (9 tiles, no scrollback).
    var residentMiB: Double
    /// claudepm's wakeups per second by thread name, busiest first.
    var byThread: [(name: String, perSecond: Double)]
}

/// Measures idle cost of claudepm and of 9 tmux clients side by side.
struct IdleScenario {
    let stage: TUIStage
    let duration: Duration

    func run() async throws -> IdleResult {
        let cmp = try ComparisonTmux.start(root: stage.root, session: "idle1", cols: 80, rows: 24)
        defer { cmp.stop() }
        for index in 2...9 {
            try cmp.tmux.newSession("idle\(index)", cwd: stage.root.path, command: "/bin/sh", cols: 80, rows: 24)
        }
        var clients: [PTYChild] = []
        for index in 1...9 {
            clients.append(
                try cmp.attach(
                    "idle\(index)", cols: TUIStage.cols, rows: TUIStage.rows,
                    armed: ["prompt": { lines in lines.contains { !$0.isEmpty } }]))
        }
        let client = try stage.launchClient()
        do {
            let result = try await measure(client, tmuxClients: clients, tmuxServer: cmp.serverPid("idle1"))
            await stopAll(clients + [client])
            return result
        } catch {
            await stopAll(clients + [client])
            throw error
        }
    }

    private func measure(
        _ client: PTYChild, tmuxClients clients: [PTYChild], tmuxServer: Int32?
    ) async throws
        -> IdleResult
    {
        try await stage.waitForWall(client)
        for tmuxClient in clients { _ = try await tmuxClient.screen.waitMet("prompt") }
        // Past the one-off timers after connecting (a stream is "stable" after 10 s).
        try await Task.sleep(for: .seconds(12))
        let usage = ProcessUsage(pids: [client.pid])
        let tmuxUsage = ProcessUsage(pids: clients.map(\.pid))
        let serverUsage = ProcessUsage(pids: tmuxServer.map { [$0] } ?? [])
        try await Task.sleep(for: duration)
        let byThread = usage.byThread()
        let claudepm = usage.rates()
        let tmux = tmuxUsage.rates()
        return IdleResult(
            cpuPercent: claudepm.cpuPercent, wakeupsPerSecond: claudepm.wakeupsPerSecond,
            tmuxCpuPercent: tmux.cpuPercent,
            tmuxWakeupsPerSecond: tmux.wakeupsPerSecond,
            tmuxServerWakeupsPerSecond: serverUsage.rates().wakeupsPerSecond,
            residentMiB: ProcStat.residentMiB(pid: client.pid) ?? 0, byThread: byThread)
    }
}

/// Stops every child.
func stopAll(_ children: [PTYChild]) async {
    for child in children { await child.stop() }
}
