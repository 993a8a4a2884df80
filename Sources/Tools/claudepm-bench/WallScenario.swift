// Wall: 9 sessions each printing 64 KB/s of coloured, stamped lines (OutputGenerator), shown as 9
// live tiles by claudepm, or as 9 tiled panes by one `tmux attach` client. Measured: CPU of the
// viewer over the run (utime+stime delta / wall time) and, sampled every ~50 ms at times unrelated
// to frames, each tile's lag: how long the oldest output not yet visible in that tile has been
// waiting (0 when the tile shows the newest burst). Output comes in 10 ms bursts stamped with
// their scheduled time, so a lag is exact to the burst, and includes the bench's own PTY read.
import Foundation

/// One wall run's figures.
struct WallResult {
    /// CPU % of one core of the viewer (claudepm, or tmux client + server).
    var cpuPercent: Double
    /// Per tile per sample lag in milliseconds.
    var lags: [Double]
    /// CPU % of the serving side (claudepm-server + its tmux), or of the tmux client alone.
    var otherCpuPercent: Double
    /// Samples where a tile showed no stamped line at all.
    var missing: Int
    /// The serving side's CPU % by process kind (claudepm runs only).
    var parts: [(String, Double)] = []
}

/// Runs the wall over claudepm and over tmux.
struct WallScenario {
    let stage: TUIStage
    let duration: Duration
    let tileCount = 9

    private func stampFile(_ tag: Int, _ kind: String) -> String {
        stage.root.appendingPathComponent("stamp-\(kind)-\(tag)").path
    }

    private func generatorArguments(_ tag: Int, _ kind: String) -> [String] {
        [
            stage.benchBinary, "generate-output", "--rate", "64k", "--tag", String(tag), "--stamp-file",
            stampFile(tag, kind),
        ]
    }

    /// The wall in claudepm against claudepm-server.
    func runClaudepm() async throws -> WallResult {
        for (index, tile) in stage.tiles.enumerated() {
            try stage.run(in: tile.paneID, generatorArguments(index + 1, "cpm"))
        }
        defer { for tile in stage.tiles { try? stage.interrupt(tile.paneID) } }
        let client = try stage.launchClient()
        do {
            let result = try await measure(
                client.screen, viewer: [client.pid], other: stage.serverPids, kind: "cpm", parts: stage.servingParts)
            await client.stop()
            return result
        } catch {
            await client.stop()
            throw error
        }
    }

    /// The same output in 9 tiled panes of one window, one `tmux attach` client showing them.
    func runTmux() async throws -> WallResult {
        let cmp = try ComparisonTmux.start(root: stage.root, session: "wall", cols: TUIStage.cols, rows: TUIStage.rows)
        defer { cmp.stop() }
        for (index, pane) in try cmp.tile("wall", count: tileCount).enumerated() {
            try cmp.run(in: pane, generatorArguments(index + 1, "tmux"))
        }
        let client = try cmp.attach("wall", cols: TUIStage.cols, rows: TUIStage.rows)
        let server = cmp.serverPid("wall").map { [$0] } ?? []
        do {
            let result = try await measure(
                client.screen, viewer: [client.pid] + server, other: [client.pid], kind: "tmux")
            await client.stop()
            return result
        } catch {
            await client.stop()
            throw error
        }
    }

    /// The same output in 9 panes of the tiles' own size (120×40, as the TUI stage's tile
    /// sessions are made), one session each, each shown by a `tmux attach` client of that size:
    /// tmux showing the very panes the serving side holds. CPU of the 9 clients and the server.
    func runTmuxAtTileSize() async throws -> Double {
        let cmp = try ComparisonTmux.start(root: stage.root, session: "tile1", cols: 120, rows: 40)
        defer { cmp.stop() }
        for tag in 2...tileCount {
            try cmp.tmux.newSession("tile\(tag)", cwd: stage.root.path, command: "/bin/sh", cols: 120, rows: 40)
        }
        for tag in 1...tileCount {
            guard let pane = try cmp.panes("tile\(tag)").first else {
                throw BenchError.setup("no pane in tile\(tag)")
            }
            try cmp.run(in: pane, generatorArguments(tag, "tmux-tile"))
        }
        var clients: [PTYChild] = []
        do {
            for tag in 1...tileCount { clients.append(try cmp.attach("tile\(tag)", cols: 120, rows: 40)) }
            for (index, client) in clients.enumerated() {
                try await client.screen.waitUntil("generator \(index + 1) visible", timeout: .seconds(60)) {
                    Self.newestStamps($0)[index + 1] != nil
                }
            }
            try await Task.sleep(for: .seconds(2))
            let usage = ProcessUsage(pids: clients.map(\.pid) + (cmp.serverPid("tile1").map { [$0] } ?? []))
            try await Task.sleep(for: duration)
            let cpu = usage.rates().cpuPercent
            for client in clients { await client.stop() }
            return cpu
        } catch {
            for client in clients { await client.stop() }
            throw error
        }
    }

    private func measure(
        _ screen: WatchedScreen, viewer: [Int32], other: [Int32], kind: String, parts: [(String, [Int32])] = []
    ) async throws
        -> WallResult
    {
        let tags = Array(1...tileCount)
        try await screen.waitUntil("all \(tileCount) generators visible", timeout: .seconds(60)) { lines in
            let shown = Self.newestStamps(lines)
            return tags.allSatisfy { shown[$0] != nil }
        }
        try await Task.sleep(for: .seconds(2))
        screen.debugDump("wall \(kind)")
        let viewerUsage = ProcessUsage(pids: viewer)
        let otherUsage = ProcessUsage(pids: other)
        let partUsages = parts.map { ($0.0, ProcessUsage(pids: $0.1)) }
        var lags: [Double] = []
        var missing = 0
        let end = ContinuousClock.now + duration
        while ContinuousClock.now < end {
            try await Task.sleep(for: .milliseconds(Int.random(in: 35...65)))
            let snapshot = monotonicMilliseconds()
            let shown = Self.newestStamps(screen.lines())
            for tag in tags {
                guard let written = OutputGenerator.readStamp(stampFile(tag, kind)) else { continue }
                guard let newest = shown[tag] else {
                    missing += 1
                    continue
                }
                lags.append(Self.lag(snapshot: snapshot, newestShown: newest, newestWritten: written))
            }
        }
        return WallResult(
            cpuPercent: viewerUsage.rates().cpuPercent, lags: lags, otherCpuPercent: otherUsage.rates().cpuPercent,
            missing: missing, parts: partUsages.map { ($0.0, $0.1.rates().cpuPercent) })
    }

    /// How long the oldest burst not shown has waited at `snapshot` (0 if the newest is shown).
    static func lag(snapshot: Int64, newestShown: Int64, newestWritten: Int64) -> Double {
        guard newestWritten > newestShown else { return 0 }
        return Double(max(0, snapshot - (newestShown + OutputGenerator.burstMilliseconds)))
    }

    /// The newest stamp visible per tag: every `@<tag>:<stamp>` on the screen.
    static func newestStamps(_ lines: [String]) -> [Int: Int64] {
        var newest: [Int: Int64] = [:]
        for line in lines where line.contains("@") {
            var rest = Substring(line)
            while let at = rest.firstIndex(of: "@") {
                rest = rest[rest.index(after: at)...]
                let tagText = rest.prefix { $0.isASCII && $0.isNumber }
                guard !tagText.isEmpty, rest.dropFirst(tagText.count).first == ":" else { continue }
                let stampText = rest.dropFirst(tagText.count + 1).prefix { $0.isASCII && $0.isNumber }
                // The generator always writes a space after the stamp: one cut by a tile's edge is skipped.
                let after = rest.dropFirst(tagText.count + 1 + stampText.count).first
                guard after == " ", let tag = Int(tagText), let stamp = Int64(stampText) else { continue }
                newest[tag] = max(newest[tag] ?? 0, stamp)
            }
        }
        return newest
    }
}
