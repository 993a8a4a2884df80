// Keystroke echo: one key sent by the client → that character drawn on the client's screen. The
// pane runs `cat` on a raw, no-echo tty, so the echo is the application's (like a shell's line
// editor or Claude Code's prompt). Keys overwrite one 60-column line; a CR between lines is untimed.
import TerminalScreen

/// Measures keystroke → echo latency on one pane.
struct EchoScenario {
    let environment: BenchEnvironment
    let target: BenchTarget
    let keysPerRun: Int

    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    private static let lineLength = 60

    /// Makes the pane a raw-mode echoer.
    static func prepare(_ environment: BenchEnvironment) async throws -> BenchTarget {
        let target = try await environment.newTarget()
        try environment.tmux.sendLine(target.paneID, "stty raw -echo; exec cat")
        try await Task.sleep(for: .milliseconds(500))
        return target
    }

    /// One attached run over `kind`; returns per-key latencies in milliseconds.
    func run(_ kind: LinkKind) async throws -> [Double] {
        let link = try await environment.openLink(kind, target)
        let dog = watchdog(link, limit: .seconds(20))
        defer { dog.cancel() }
        let driver = ScreenDriver(link: link, rows: BenchEnvironment.rows, cols: BenchEnvironment.cols)
        // tmux switches to the alternate screen once it owns the terminal; keys sent earlier would be
        // echoed by the PTY's line discipline, not by the pane.
        try await driver.waitUntil("tmux client ready") { $0.isAltScreen }
        try await link.send(Array("\r#".utf8))
        try await driver.waitUntil("echo sync") {
            $0.cursor.col == 1 && $0.cell(row: $0.cursor.row, col: 0).text == "#"
        }
        let samples = try await typeKeys(link: link, driver: driver)
        await link.close()
        return samples
    }

    private func typeKeys(link: any TerminalLink, driver: ScreenDriver) async throws -> [Double] {
        let clock = ContinuousClock()
        var samples: [Double] = []
        samples.reserveCapacity(keysPerRun)
        for index in 0..<keysPerRun {
            let line = index / Self.lineLength
            let column = index % Self.lineLength
            if column == 0 {
                try await link.send([13])
                try await driver.waitUntil("carriage return") { $0.cursor.col == 0 }
            }
            let key = Self.alphabet[(column + line) % Self.alphabet.count]
            let expected = String(key)
            let start = clock.now
            try await link.send(Array(expected.utf8))
            try await driver.waitUntil("echo of key \(index)") {
                $0.cursor.col == column + 1 && $0.cell(row: $0.cursor.row, col: column).text == expected
            }
            samples.append((clock.now - start).milliseconds)
        }
        return samples
    }
}
