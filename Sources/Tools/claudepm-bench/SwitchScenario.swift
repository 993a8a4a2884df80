// Switch: from the wall to a full-screen attach of the first tile, timed from the Enter key to
// (1) the attach screen first shown: its status line and the session's content at the top, and
// (2) the attach screen fully drawn: the session runs ScreenPainter, which repaints for the attach
// size, and every row of that painting is visible on the bench's screen of claudepm's PTY. Upper
// bounds: (2) includes the server's new PTY stream, tmux's resize, the program's repaint and the
// bench's read. The tmux comparison zooms pane 1 of 9 tiled panes (prefix z): (1) the pane alone
// on the screen, (2) the same painting at the full window size.
import Foundation

/// Times tile → full screen.
struct SwitchScenario {
    let stage: TUIStage
    let repeats: Int

    private static let detachKey: [UInt8] = [0x1D]
    private static let tmuxPrefix: [UInt8] = [0x02]

    /// Milliseconds to the switched screen first shown and fully drawn, per repeat.
    typealias Samples = (shown: [Double], drawn: [Double])

    /// claudepm: Enter on the selected first tile, then the detach key, `repeats` times.
    func runClaudepm() async throws -> Samples {
        let pane = stage.tiles[0].paneID
        try stage.run(in: pane, [stage.benchBinary, "generate-output", "--paint"])
        defer { try? stage.interrupt(pane) }
        let client = try stage.launchClient()
        var samples: Samples = ([], [])
        do {
            try await stage.waitForWall(client)
            try client.send("gg")
            for _ in 0..<repeats {
                try await Task.sleep(for: .milliseconds(500))
                let (shown, drawn) = try await timeAttach(client)
                samples.shown.append(shown)
                samples.drawn.append(drawn)
                try client.send(Self.detachKey)
                try await client.screen.waitUntil("back on the wall") {
                    $0.first?.contains("claudepm · sessions") == true
                }
            }
        } catch {
            await client.stop()
            throw error
        }
        await client.stop()
        return samples
    }

    private func timeAttach(_ client: PTYChild) async throws -> (Double, Double) {
        let cols = TUIStage.cols
        client.screen.arm("attach shown") { lines in
            lines.first?.hasPrefix("P") == true && lines.last?.contains("detach") == true
        }
        client.screen.arm("attach drawn") { lines in
            guard let size = ScreenPainter.paintedSize(lines), size.cols == cols else { return false }
            return ScreenPainter.isPainted(lines, cols: size.cols, rows: size.rows)
        }
        let start = ContinuousClock.now
        try client.send("\r")
        let drawn = (try await client.screen.waitMet("attach drawn") - start).milliseconds
        return ((try await client.screen.waitMet("attach shown") - start).milliseconds, drawn)
    }

    /// tmux: prefix z on pane 1 of 9 tiled panes, then prefix z again, `repeats` times.
    func runTmux() async throws -> Samples {
        let (cols, rows) = (TUIStage.cols, TUIStage.rows)
        let cmp = try ComparisonTmux.start(root: stage.root, session: "switch", cols: cols, rows: rows)
        defer { cmp.stop() }
        let panes = try cmp.tile("switch", count: 9)
        try cmp.run(in: panes[0], [stage.benchBinary, "generate-output", "--paint"])
        try cmp.tmux.run(["select-pane", "-t", panes[0]])
        let client = try cmp.attach("switch", cols: cols, rows: rows)
        var samples: Samples = ([], [])
        do {
            try await client.screen.waitUntil("pane painted") { ScreenPainter.paintedSize($0) != nil }
            for _ in 0..<repeats {
                try await Task.sleep(for: .milliseconds(500))
                client.screen.arm("zoom shown") {
                    $0.first?.hasPrefix("P0 ") == true && $0.first?.contains("│") == false
                }
                client.screen.arm("zoom drawn") { ScreenPainter.isPainted($0, cols: cols, rows: rows) }
                let start = ContinuousClock.now
                try client.send(Self.tmuxPrefix + Array("z".utf8))
                samples.drawn.append((try await client.screen.waitMet("zoom drawn") - start).milliseconds)
                samples.shown.append((try await client.screen.waitMet("zoom shown") - start).milliseconds)
                try client.send(Self.tmuxPrefix + Array("z".utf8))
                try await client.screen.waitUntil("unzoomed") {
                    ScreenPainter.paintedSize($0).map { $0.cols < cols } == true
                }
            }
        } catch {
            await client.stop()
            throw error
        }
        await client.stop()
        return samples
    }
}
