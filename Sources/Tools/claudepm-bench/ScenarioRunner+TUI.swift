// The TUI scenarios (wall, idle, switch, start, memory): they run the real `claudepm` in a PTY
// against their own claudepm-server stage (TUIStage), with the tmux comparison in the same run,
// and turn the figures into table rows.
import Foundation

extension ScenarioRunner {
    /// Names of the scenarios that need `claudepm`.
    static let tuiScenarios: Set<String> = [
        "wall", "idle", "switch", "start", "memory", "typing", "keys", "journal", "many",
    ]

    /// Runs one TUI scenario on `stage`.
    mutating func runTUI(_ name: String, stage: TUIStage) async throws {
        switch name {
        case "wall": try await wall(stage)
        case "idle": try await idle(stage)
        case "switch": try await switchToAttach(stage)
        case "start": try await start(stage)
        case "memory": try await memory(stage)
        case "typing": try await typing(stage)
        case "keys": try await keysUnderFlood(stage)
        case "journal": try await journal(stage)
        case "many": try await manySessions(stage)
        default: notes.append("Unknown scenario \(name).")
        }
    }

    private mutating func wall(_ stage: TUIStage) async throws {
        let scenario = WallScenario(stage: stage, duration: quick ? .seconds(8) : .seconds(20))
        var claudepm: [WallResult] = []
        var tmux: [WallResult] = []
        var tmuxAtTileSize: [Double] = []
        for round in 0..<(quick ? 1 : 2) {
            do { claudepm.append(try await scenario.runClaudepm()) } catch {
                notes.append("wall round \(round) via claudepm failed: \(error)")
            }
            do { tmux.append(try await scenario.runTmux()) } catch {
                notes.append("wall round \(round) via tmux failed: \(error)")
            }
            do { tmuxAtTileSize.append(try await scenario.runTmuxAtTileSize()) } catch {
                notes.append("wall round \(round) via tmux at the tile size failed: \(error)")
            }
            log("wall round \(round) done")
        }
        let cpu = Stats(claudepm.map(\.cpuPercent))
        let tmuxCPU = Stats(tmux.map(\.cpuPercent))
        let lag = Stats(claudepm.flatMap(\.lags))
        let tmuxLag = Stats(tmux.flatMap(\.lags))
        let scenarioName = "wall (9 tiles × 64 KB/s, \(quick ? 8 : 20) s)"
        rows.append(
            ResultRow(
                scenario: scenarioName, path: "claudepm: client CPU", unit: "% of a core", stats: cpu,
                comparison: ratio(cpu, tmuxCPU, "tmux client+server"), target: "≤ 15 %"))
        rows.append(
            ResultRow(
                scenario: scenarioName, path: "tmux attach, 9 panes: client+server CPU", unit: "% of a core",
                stats: tmuxCPU, comparison: "baseline", target: "–"))
        rows.append(
            ResultRow(
                scenario: "wall: tile lag", path: "claudepm", unit: "ms", stats: lag,
                comparison: lag.map { "p99 \(Report.f($0.p99 / frameMilliseconds)) frames" } ?? "–",
                target: "≤ 16.7 ms (one 60 Hz frame)"))
        rows.append(
            ResultRow(
                scenario: "wall: pane lag", path: "tmux attach (direct)", unit: "ms", stats: tmuxLag,
                comparison: "baseline", target: "–"))
        let serving = Stats(claudepm.map(\.otherCpuPercent))
        rows.append(
            ResultRow(
                scenario: scenarioName, path: "serving side: claudepm-server + its tmux (control clients, server)",
                unit: "% of a core", stats: serving, comparison: ratio(serving, tmuxCPU, "tmux client+server"),
                target: "≤ ×1.0 of tmux client+server"))
        // The serving side's tmux holds the tiles' panes at 120×40, where the same bytes cost tmux
        // more than in the baseline's tiled panes: tmux showing those very panes.
        let atTileSize = Stats(tmuxAtTileSize)
        rows.append(
            ResultRow(
                scenario: scenarioName, path: "tmux attach ×9, one 120×40 pane each: clients+server CPU",
                unit: "% of a core", stats: atTileSize,
                comparison: times(serving, atTileSize).map { "serving side \($0)" } ?? "–", target: "–"))
        if let parts = claudepm.last?.parts, !parts.isEmpty {
            let text = parts.map { "\($0.0) \(Report.f($0.1)) %" }.joined(separator: ", ")
            notes.append("wall: the serving side's last round by process: \(text) of a core.")
        }
        let missing = claudepm.map(\.missing).reduce(0, +) + tmux.map(\.missing).reduce(0, +)
        if missing > 0 { notes.append("wall: \(missing) tile samples showed no stamped line (not counted).") }
    }

    private var frameMilliseconds: Double { 1000.0 / 60 }

    private mutating func idle(_ stage: TUIStage) async throws {
        let seconds = quick ? 15 : 60
        let result = try await IdleScenario(stage: stage, duration: .seconds(seconds)).run()
        let name = "idle (\(stage.sessionCount) listed, 9 tiles, \(seconds) s)"
        rows.append(
            ResultRow(
                scenario: name, path: "claudepm: CPU", unit: "% of a core", stats: Stats([result.cpuPercent]),
                comparison: "9 tmux clients \(Report.f(result.tmuxCpuPercent)) %", target: "≤ 0.5 %"))
        rows.append(
            ResultRow(
                scenario: name, path: "claudepm: wakeups", unit: "per s", stats: Stats([result.wakeupsPerSecond]),
                comparison: "9 tmux clients \(Report.f(result.tmuxWakeupsPerSecond))/s", target: "≤ 5/s"))
        notes.append(
            "idle: the tmux server behind the 9 idle clients woke \(Report.f(result.tmuxServerWakeupsPerSecond)) "
                + "times/s; claudepm's RSS at the end (9 tiles, no scrollback) \(Report.f(result.residentMiB)) MiB.")
        let threads = result.byThread.prefix(6).map { "\($0.name) \(Report.f($0.perSecond))/s" }
        notes.append("idle: claudepm's wakeups by thread: \(threads.joined(separator: ", ")).")
    }

    private mutating func switchToAttach(_ stage: TUIStage) async throws {
        let scenario = SwitchScenario(stage: stage, repeats: quick ? 3 : 10)
        let claudepm = try await scenario.runClaudepm()
        let tmux = try await scenario.runTmux()
        for (label, path, values, base) in [
            ("first shown", "claudepm (Enter)", claudepm.shown, tmux.shown),
            ("fully drawn at the new size", "claudepm (Enter)", claudepm.drawn, tmux.drawn),
        ] {
            rows.append(
                ResultRow(
                    scenario: "switch: tile → attach, \(label)", path: path, unit: "ms", stats: Stats(values),
                    comparison: ratio(Stats(values), Stats(base), "tmux zoom"), target: "≤ 16 ms"))
        }
        rows.append(
            ResultRow(
                scenario: "switch: pane → zoom, first shown", path: "tmux attach (prefix z)", unit: "ms",
                stats: Stats(tmux.shown), comparison: "baseline", target: "–"))
        rows.append(
            ResultRow(
                scenario: "switch: pane → zoom, fully drawn", path: "tmux attach (prefix z)", unit: "ms",
                stats: Stats(tmux.drawn), comparison: "baseline", target: "–"))
    }

    private mutating func keysUnderFlood(_ stage: TUIStage) async throws {
        let scenario = KeysScenario(stage: stage, keys: quick ? 40 : 200)
        let claudepm = try await scenario.runClaudepm()
        let tmux = try await scenario.runTmux()
        rows.append(
            ResultRow(
                scenario: "keys under flood: 9 tiles × 64 KB/s, j/k to the selection drawn", path: "claudepm",
                unit: "ms", stats: Stats(claudepm), comparison: ratio(Stats(claudepm), Stats(tmux), "tmux prefix o"),
                target: "p99 ≤ 16.7 ms"))
        rows.append(
            ResultRow(
                scenario: "keys under flood: 9 panes × 64 KB/s, prefix o to the border drawn",
                path: "tmux attach (prefix o)", unit: "ms", stats: Stats(tmux), comparison: "baseline", target: "–"))
    }

    private mutating func start(_ stage: TUIStage) async throws {
        let scenario = StartScenario(stage: stage, repeats: quick ? 3 : 7)
        let claudepm = try await scenario.runClaudepm()
        let tmux = Stats(try await scenario.runTmux())
        let first = Stats(claudepm.firstFrame)
        rows.append(
            ResultRow(
                scenario: "start (launch → first frame)", path: "claudepm", unit: "ms", stats: first,
                comparison: ratio(first, tmux, "tmux attach"), target: "≤ 100 ms"))
        let listed = Stats(claudepm.listed)
        rows.append(
            ResultRow(
                scenario: "start (launch → \(stage.sessionCount) sessions listed)", path: "claudepm (warm cache)",
                unit: "ms", stats: listed, comparison: ratio(listed, tmux, "tmux attach"),
                target: "≤ 100 ms (from the cache)"))
        rows.append(
            ResultRow(
                scenario: "start (launch → first frame)", path: "tmux attach (direct)", unit: "ms", stats: tmux,
                comparison: "baseline", target: "–"))
    }

    private mutating func memory(_ stage: TUIStage) async throws {
        let result = try await MemoryScenario(stage: stage).run()
        rows.append(
            ResultRow(
                scenario: "memory (\(stage.sessionCount) listed, 9 tiles × 5,000 lines)", path: "claudepm RSS",
                unit: "MiB", stats: Stats([result.withTiles]), comparison: "list only \(Report.f(result.listOnly)) MiB",
                target: "≤ 80 MB"))
        rows.append(
            ResultRow(
                scenario: "memory per tile (5,000 lines)", path: "claudepm", unit: "MiB",
                stats: Stats([result.perTile]),
                comparison:
                    "tmux server \(Report.f(result.tmuxPerPane)) MiB per pane (×\(Report.f(result.perTile / max(result.tmuxPerPane, 0.01))))",
                target: "report"))
    }

    private mutating func manySessions(_ stage: TUIStage) async throws {
        let result = try await ManySessionsScenario(stage: stage, keys: quick ? 40 : 200).run()
        let scenario = "\(ManySessionsScenario.count) sessions"
        rows.append(
            ResultRow(
                scenario: scenario, path: "claudepm: launch to the list shown", unit: "ms",
                stats: Stats([result.loadMilliseconds]), comparison: "–", target: "–"))
        rows.append(
            ResultRow(
                scenario: scenario, path: "claudepm: j/k to the selection drawn", unit: "ms",
                stats: Stats(result.moves), comparison: "–", target: "p99 ≤ 16.7 ms"))
        rows.append(
            ResultRow(
                scenario: scenario,
                path: "claudepm: each filter key (/\(ManySessionsScenario.filter)) to its line drawn", unit: "ms",
                stats: Stats(result.filterKeys), comparison: "–", target: "p99 ≤ 16.7 ms"))
    }

    private func ratio(_ value: Stats?, _ base: Stats?, _ label: String) -> String {
        guard let base, let times = times(value, base) else { return "–" }
        return "\(label) \(Report.f(base.median)) (\(times))"
    }

    /// `×` the medians' ratio of `value` to `base`, nil when either is missing.
    private func times(_ value: Stats?, _ base: Stats?) -> String? {
        guard let value, let base else { return nil }
        return "×\(Report.f(value.median / max(base.median, 0.001)))"
    }
}

extension ScenarioRunner {
    /// `Scripts/demo`'s second start to its first frame (DemoStartScenario), if a script is given.
    mutating func demoStart(script: String?) async {
        guard let script, FileManager.default.isExecutableFile(atPath: script) else {
            notes.append("demo: no --demo-script given (or not executable): not run.")
            return
        }
        log("scenario demo…")
        let path = URL(fileURLWithPath: script).standardizedFileURL
        do {
            let samples = try await DemoStartScenario(script: path, repeats: quick ? 2 : 5).run()
            rows.append(
                ResultRow(
                    scenario: "demo start (Scripts/demo, nothing to build → first frame)", path: "claudepm demo",
                    unit: "ms", stats: Stats(samples), comparison: "–", target: "≤ 3 s"))
        } catch {
            notes.append("demo failed: \(error)")
        }
    }
}
