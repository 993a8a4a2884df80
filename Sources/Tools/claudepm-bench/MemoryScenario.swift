// Memory: claudepm's resident set with 50 sessions listed and 9 live tiles after each tile's
// session printed 5,000 lines (at 256 KB/s, so tmux forwards them as scrolled lines and the tiles'
// scrollback fills; claudepm keeps up to 5,000 lines per screen), minus a run with the same list
// and no tiles (a terminal too narrow for the wall): MB per tile. The tmux comparison is what a
// tmux server holds for the same history: its resident growth after 9 panes printed 5,000 lines
// with history-limit 5000.
import Foundation

/// One memory run's figures, in MiB.
struct MemoryResult {
    var withTiles: Double
    var listOnly: Double
    var perTile: Double { (withTiles - listOnly) / 9 }
    var tmuxPerPane: Double
}

/// Measures claudepm's memory with full tiles, and tmux's for the same history.
struct MemoryScenario {
    let stage: TUIStage
    static let lines = 5000

    func run() async throws -> MemoryResult {
        let listOnly = try await listOnlyResident()
        let withTiles = try await tilesResident()
        let tmux = try await tmuxPerPane()
        return MemoryResult(withTiles: withTiles, listOnly: listOnly, tmuxPerPane: tmux)
    }

    private func listOnlyResident() async throws -> Double {
        let name = "\(TUIStage.tileProjectPrefix)1"
        let client = try stage.launchClient(cols: 70, rows: TUIStage.rows)
        do {
            try await client.screen.waitUntil("list") { $0.contains { $0.contains(name) } }
            try await Task.sleep(for: .seconds(3))
            let rss = ProcStat.residentMiB(pid: client.pid) ?? 0
            await client.stop()
            return rss
        } catch {
            await client.stop()
            throw error
        }
    }

    private func generator(_ tag: Int) -> [String] {
        [stage.benchBinary, "generate-output", "--rate", "256k", "--tag", String(tag), "--lines", String(Self.lines)]
    }

    private func tilesResident() async throws -> Double {
        let client = try stage.launchClient()
        defer { for tile in stage.tiles { try? stage.interrupt(tile.paneID) } }
        do {
            try await stage.waitForWall(client)
            for (index, tile) in stage.tiles.enumerated() { try stage.run(in: tile.paneID, generator(index + 1)) }
            try await client.screen.waitUntil("every tile printed \(Self.lines) lines", timeout: .seconds(180)) {
                lines in
                (1...9).allSatisfy { tag in lines.contains { $0.contains(OutputGenerator.doneMarker(tag: tag)) } }
            }
            try await Task.sleep(for: .seconds(3))
            let rss = ProcStat.residentMiB(pid: client.pid) ?? 0
            await client.stop()
            return rss
        } catch {
            await client.stop()
            throw error
        }
    }

    private func tmuxPerPane() async throws -> Double {
        let cmp = try ComparisonTmux.start(root: stage.root, session: "mem", cols: 120, rows: 40)
        defer { cmp.stop() }
        try cmp.tmux.run(["set-option", "-g", "history-limit", String(Self.lines)])
        var panes: [String] = []
        for _ in 1...9 {
            panes.append(try cmp.tmux.newPane(session: "mem", cwd: stage.root.path, command: "/bin/sh"))
        }
        guard let server = cmp.serverPid("mem") else { throw BenchError.setup("no tmux server pid") }
        try await Task.sleep(for: .seconds(1))
        let before = ProcStat.residentMiB(pid: server) ?? 0
        for (index, pane) in panes.enumerated() { try cmp.run(in: pane, generator(index + 1)) }
        let deadline = ContinuousClock.now + .seconds(180)
        for pane in panes {
            while (Int((try? cmp.tmux.run(["display-message", "-p", "-t", pane, "#{history_size}"])) ?? "") ?? 0)
                < Self.lines - 100
            {
                guard ContinuousClock.now < deadline else { throw BenchError.timeout("tmux history of \(pane)") }
                try await Task.sleep(for: .milliseconds(200))
            }
        }
        try await Task.sleep(for: .seconds(1))
        return ((ProcStat.residentMiB(pid: server) ?? 0) - before) / 9
    }
}
