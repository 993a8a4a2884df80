// Start: launch → first frame, and launch → the session list drawn. claudepm keeps the last known
// state of each server on disk (XDG_STATE_HOME) and draws it in its first frame, marked not online
// until the server answers; one untimed launch first makes sure that cache exists. The tmux
// comparison times `tmux attach` to its first drawn frame.
import Foundation

/// Times claudepm's and tmux's start.
struct StartScenario {
    let stage: TUIStage
    let repeats: Int

    /// Per launch: (first frame ms, session list ms).
    func runClaudepm() async throws -> (firstFrame: [Double], listed: [Double]) {
        var first: [Double] = []
        var listed: [Double] = []
        let name = "\(TUIStage.tileProjectPrefix)1"
        try await warmCache(name)
        for _ in 0..<repeats {
            let start = ContinuousClock.now
            let client = try stage.launchClient(armed: [
                "first frame": { lines in lines.contains { !$0.isEmpty } },
                "listed": { lines in lines.contains { $0.contains(name) } },
            ])
            do {
                first.append((try await client.screen.waitMet("first frame") - start).milliseconds)
                listed.append((try await client.screen.waitMet("listed") - start).milliseconds)
            } catch {
                await client.stop()
                throw error
            }
            await client.stop()
            try await Task.sleep(for: .milliseconds(300))
        }
        return (first, listed)
    }

    /// One untimed launch that waits for the sessions from the server, so the cache holds them.
    private func warmCache(_ name: String) async throws {
        let client = try stage.launchClient(armed: ["listed": { lines in lines.contains { $0.contains(name) } }])
        _ = try? await client.screen.waitMet("listed")
        try await Task.sleep(for: .milliseconds(500))
        await client.stop()
        try await Task.sleep(for: .milliseconds(300))
    }

    /// `tmux attach` to a shell pane that shows a prompt; launch → first frame.
    func runTmux() async throws -> [Double] {
        let cmp = try ComparisonTmux.start(root: stage.root, session: "start", cols: TUIStage.cols, rows: TUIStage.rows)
        defer { cmp.stop() }
        try await Task.sleep(for: .milliseconds(300))
        var samples: [Double] = []
        for _ in 0..<repeats {
            let start = ContinuousClock.now
            let client = try cmp.attach(
                "start", cols: TUIStage.cols, rows: TUIStage.rows,
                armed: ["first frame": { lines in lines.contains { !$0.isEmpty } }])
            do {
                samples.append((try await client.screen.waitMet("first frame") - start).milliseconds)
            } catch {
                await client.stop()
                throw error
            }
            await client.stop()
            try await Task.sleep(for: .milliseconds(300))
        }
        return samples
    }
}
