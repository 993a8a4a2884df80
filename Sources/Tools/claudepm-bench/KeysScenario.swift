// Keys under a flood: 9 sessions each printing 64 KB/s (OutputGenerator) as 9 live tiles, and
// keys that move the selection (`j`, then `k`, alternately), timed from the key written to
// claudepm's PTY to the selected row (`▶`) drawn where the key puts it, read from the bench's
// screen of that PTY. The tmux comparison floods 9 tiled panes the same way and times `prefix o`
// (select the next pane) to the pane border that marks the active pane drawn on the next one.
// Upper bounds: each time includes the bench's own PTY read.
import Foundation

/// Times keys while every tile floods.
struct KeysScenario {
    let stage: TUIStage
    let keys: Int
    let tileCount = 9

    private static let tmuxPrefix: [UInt8] = [0x02]
    private static let activeMark = "<ACTIVE>"

    private func generatorArguments(_ tag: Int) -> [String] {
        [stage.benchBinary, "generate-output", "--rate", "64k", "--tag", String(tag)]
    }

    /// claudepm: `j` and `k` alternately on the flooding wall; milliseconds per key.
    func runClaudepm() async throws -> [Double] {
        for (index, tile) in stage.tiles.enumerated() {
            try stage.run(in: tile.paneID, generatorArguments(index + 1))
        }
        defer { for tile in stage.tiles { try? stage.interrupt(tile.paneID) } }
        let client = try stage.launchClient()
        var samples: [Double] = []
        do {
            try await stage.waitForWall(client)
            try client.send("gg")
            try await client.screen.waitUntil("first row selected") { Self.selectedRow($0) != nil }
            try await Task.sleep(for: .milliseconds(300))
            samples = try await Self.timeMoves(client, keys: keys)
        } catch {
            await client.stop()
            throw error
        }
        await client.stop()
        return samples
    }

    /// tmux: `prefix o` on 9 flooding tiled panes whose top borders name the active pane.
    func runTmux() async throws -> [Double] {
        let (cols, rows) = (TUIStage.cols, TUIStage.rows)
        let cmp = try ComparisonTmux.start(root: stage.root, session: "keys", cols: cols, rows: rows)
        defer { cmp.stop() }
        let panes = try cmp.tile("keys", count: tileCount)
        try cmp.tmux.run(["set-option", "-w", "-t", "keys", "pane-border-status", "top"])
        let format = " P#{pane_index}#{?pane_active,\(Self.activeMark),} "
        try cmp.tmux.run(["set-option", "-w", "-t", "keys", "pane-border-format", format])
        for (index, pane) in panes.enumerated() { try cmp.run(in: pane, generatorArguments(index + 1)) }
        try cmp.tmux.run(["select-pane", "-t", panes[0]])
        let client = try cmp.attach("keys", cols: cols, rows: rows)
        var samples: [Double] = []
        do {
            try await client.screen.waitUntil("pane 0 active") { Self.activePane($0) == 0 }
            try await Task.sleep(for: .milliseconds(300))
            for index in 0..<keys {
                let expected = (index + 1) % tileCount
                client.screen.arm("next pane active") { Self.activePane($0) == expected }
                let start = ContinuousClock.now
                try client.send(Self.tmuxPrefix + Array("o".utf8))
                samples.append((try await client.screen.waitMet("next pane active") - start).milliseconds)
                try await Task.sleep(for: .milliseconds(20))
            }
        } catch {
            await client.stop()
            throw error
        }
        await client.stop()
        return samples
    }

    /// `j` and `k` alternately from the selected row (j to the next session's row, below, past any
    /// project heading; k back); milliseconds from each key to the selection drawn where it goes.
    static func timeMoves(_ client: PTYChild, keys: Int) async throws -> [Double] {
        let top = selectedRow(client.screen.lines()) ?? 0
        var samples: [Double] = []
        for index in 0..<keys {
            let down = index % 2 == 0
            client.screen.arm("selection moved") { lines in
                guard let row = selectedRow(lines) else { return false }
                return down ? row > top : row == top
            }
            let start = ContinuousClock.now
            try client.send(down ? "j" : "k")
            samples.append((try await client.screen.waitMet("selection moved") - start).milliseconds)
            try await Task.sleep(for: .milliseconds(20))
        }
        return samples
    }

    /// The row of claudepm's selected list row, if one shows.
    static func selectedRow(_ lines: [String]) -> Int? {
        lines.firstIndex { $0.hasPrefix("▶") }
    }

    /// The index of the pane whose border carries the active mark, if exactly one does.
    static func activePane(_ lines: [String]) -> Int? {
        var found: [Int] = []
        for line in lines where line.contains(activeMark) {
            var rest = Substring(line)
            while let mark = rest.range(of: activeMark) {
                let before = rest[..<mark.lowerBound]
                if let p = before.lastIndex(of: "P"), let index = Int(before[before.index(after: p)...]) {
                    found.append(index)
                }
                rest = rest[mark.upperBound...]
            }
        }
        return found.count == 1 ? found[0] : nil
    }
}
