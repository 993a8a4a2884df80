// Demo start: `Scripts/demo` launched in a PTY → its first frame (the demo server's header row
// drawn), the second and later runs, when nothing is left to build. One untimed run first builds
// what is missing (it can take the whole first build) and leaves the build's stamp. Each run is
// ended with `q`, as a person ends it; the demo stops its own server and tmux.
import Foundation

/// Times `Scripts/demo` to its first frame.
struct DemoStartScenario {
    /// The `Scripts/demo` to run, an absolute path (it works in its own checkout).
    let script: URL
    let repeats: Int
    static let cols = 120
    static let rows = 40

    /// Launch → first frame of each timed run, in ms.
    func run() async throws -> [Double] {
        _ = try await launch(timeout: .seconds(3600))
        var samples: [Double] = []
        for _ in 0..<repeats { samples.append(try await launch(timeout: .seconds(60))) }
        return samples
    }

    /// One run: launch → the header row drawn, then `q` and the exit.
    private func launch(timeout: Duration) async throws -> Double {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("claudepm-bench-demo-\(UUID())")
        defer { try? FileManager.default.removeItem(at: state) }
        let environment = TUIStage.terminalEnvironment(stateRoot: state)
        let screen = WatchedScreen(rows: Self.rows, cols: Self.cols)
        screen.arm("first frame") { lines in lines.contains { $0.contains("demo · ") } }
        let start = ContinuousClock.now
        let child = try PTYChild.spawn(
            [script.path], environment: environment, screen: screen, cols: Self.cols, rows: Self.rows)
        let shown: ContinuousClock.Instant
        do { shown = try await screen.waitMet("first frame", timeout: timeout) } catch {
            await child.stop()
            throw error
        }
        try? child.send("q")
        var waited = 0
        while Spawn.isRunning(child.pid) {
            guard waited < 500 else {
                await child.stop()
                break
            }
            waited += 1
            try await Task.sleep(for: .milliseconds(10))
        }
        return (shown - start).milliseconds
    }
}
