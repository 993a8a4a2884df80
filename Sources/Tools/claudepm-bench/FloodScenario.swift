// Output flood: `cat` of the generated mixed-ANSI file in an attached pane, timed from the Enter
// key to the end marker being drawn on the client's screen. Reported as MB/s of file content.
// A pane stream's snapshots are fed to the screen too but not counted as received output.
import Foundation
import TerminalScreen

/// One flood run's figures.
struct FloodRun {
    var megabytesPerSecond: Double
    var milliseconds: Double
    /// Output bytes the client fed to its screen from the Enter key on (snapshots excluded).
    var received: Int
    /// Pane streams: `pty:snapshot` messages over the whole connection and their bytes.
    var snapshots: (count: Int, bytes: Int)?
}

/// Measures how fast a large output is drawn through one path.
struct FloodScenario {
    let environment: BenchEnvironment
    let target: BenchTarget
    let file: String
    let fileBytes: Int

    /// Writes the flood file of about `bytes` bytes and makes a shell pane for it.
    static func prepare(_ environment: BenchEnvironment, bytes: Int) async throws -> FloodScenario {
        var generator = ANSIGenerator()
        let content = generator.generate(bytes: bytes)
        let file = environment.root.appendingPathComponent("flood.ansi")
        try Data(content).write(to: file)
        let target = try await environment.newTarget()
        return FloodScenario(environment: environment, target: target, file: file.path, fileBytes: content.count)
    }

    /// One run over `kind`.
    func run(_ kind: LinkKind) async throws -> FloodRun {
        let link = try await environment.openLink(kind, target)
        let dog = watchdog(link, limit: .seconds(600))
        defer { dog.cancel() }
        let driver = ScreenDriver(link: link, rows: BenchEnvironment.rows, cols: BenchEnvironment.cols)
        let marker = ANSIGenerator.endMarker
        // tmux switches to the alternate screen once it owns the terminal; keys sent earlier would be
        // echoed by the PTY's line discipline, not by the pane. A pane stream has no tmux client:
        // its input goes to the pane after the snapshot was taken.
        if kind != .pane { try await driver.waitUntil("tmux client ready") { $0.isAltScreen } }
        let paneLink = link as? ServerPTYLink
        try await link.send(Array("clear\r".utf8))
        try await driver.waitUntil("cleared prompt") {
            $0.cursor.row == 0 && $0.cursor.col == 2 && ["$", "#"].contains($0.cell(row: 0, col: 0).text)
        }
        guard !driver.anyRowStarts(with: marker) else { throw BenchError.setup("marker visible before the run") }
        let before = driver.bytesFed - (paneLink?.snapshots.bytes ?? 0)
        let clock = ContinuousClock()
        let start = clock.now
        try await link.send(Array("cat \(file)\r".utf8))
        try await driver.waitUntil("flood end marker") { _ in driver.anyRowStarts(with: marker) }
        let elapsed = (clock.now - start).milliseconds
        let snapshots = paneLink?.snapshots
        await link.close()
        let rate = Double(fileBytes) / 1_000_000 / (elapsed / 1000)
        let received = driver.bytesFed - (snapshots?.bytes ?? 0) - before
        return FloodRun(
            megabytesPerSecond: rate, milliseconds: elapsed, received: received,
            snapshots: kind == .pane ? snapshots : nil)
    }
}
