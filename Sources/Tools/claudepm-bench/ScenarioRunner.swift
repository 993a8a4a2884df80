// Runs each scenario with repeated, interleaved rounds (tmux, server, tmux, server, …) so load
// swings on a noisy machine hit both paths alike, and turns the samples into table rows.

/// Collects rows and notes over the scenarios of one run.
struct ScenarioRunner {
    let environment: BenchEnvironment
    let quick: Bool
    var rows: [ResultRow] = []
    var notes: [String] = []

    init(environment: BenchEnvironment, quick: Bool) {
        self.environment = environment
        self.quick = quick
    }

    /// Runs one scenario by name; a failure becomes a note, not an abort.
    mutating func run(_ name: String) async {
        log("scenario \(name)…")
        do {
            switch name {
            case "echo": try await echo()
            case "flood": try await flood()
            case "fanout": try await fanout()
            default: notes.append("Unknown scenario \(name).")
            }
        } catch {
            notes.append("\(name) failed: \(error)")
            log("\(name) failed: \(error)")
        }
    }

    private mutating func echo() async throws {
        let target = try await EchoScenario.prepare(environment)
        // 50 keys per connection: the protocol drops messages beyond 100 per 10 s per connection
        // (RATE_LIMITED), and each run also sends pty:attach, a sync and CRs.
        let scenario = EchoScenario(environment: environment, target: target, keysPerRun: 50)
        var samples: [LinkKind: [Double]] = [:]
        for round in 0..<(quick ? 4 : 20) {
            for kind in environment.kinds {
                do {
                    samples[kind, default: []] += try await scenario.run(kind)
                } catch {
                    notes.append("echo round \(round) via \(kind.label) failed: \(error)")
                    continue
                }
                log("echo round \(round) \(kind.rawValue): \(samples[kind]?.count ?? 0) keys")
            }
        }
        let tmux = samples[.tmux].flatMap { Stats($0) }
        for kind in environment.kinds {
            let stats = samples[kind].flatMap { Stats($0) }
            var comparison = "baseline"
            if kind == .server, let stats, let tmux {
                comparison =
                    "+\(Report.f(stats.median - tmux.median)) ms p50 (×\(Report.f(stats.median / tmux.median)))"
            }
            rows.append(
                ResultRow(
                    scenario: "keystroke echo", path: kind.label, unit: "ms", stats: stats, comparison: comparison,
                    target: "p50 ≤ 2, p99 ≤ 5, +≤ 1 ms over tmux"))
        }
    }

    private mutating func flood() async throws {
        let scenario = try await FloodScenario.prepare(environment, bytes: quick ? 5_000_000 : 50_000_000)
        let kinds = environment.kinds + (environment.server == nil ? [] : [.pane])
        var rates: [LinkKind: [Double]] = [:]
        var last: [LinkKind: FloodRun] = [:]
        for round in 0..<(quick ? 2 : 3) {
            for kind in kinds {
                do {
                    let result = try await scenario.run(kind)
                    rates[kind, default: []].append(result.megabytesPerSecond)
                    last[kind] = result
                    log("flood round \(round) \(kind.rawValue): \(Report.f(result.milliseconds)) ms")
                } catch {
                    notes.append("flood round \(round) via \(kind.label) failed: \(error)")
                }
            }
        }
        let tmux = rates[.tmux].flatMap { Stats($0) }
        for kind in kinds {
            let stats = rates[kind].flatMap { Stats($0) }
            var comparison = "baseline"
            if kind != .tmux, let stats, let tmux { comparison = "ratio \(Report.f(stats.median / tmux.median))" }
            rows.append(
                ResultRow(
                    scenario: "output flood (\(scenario.fileBytes / 1_000_000) MB)", path: kind.label,
                    unit: "MB/s", stats: stats, comparison: comparison, target: "ratio ≥ 1.0"))
            var note = "flood via \(kind.label): the client received \(last[kind]?.received ?? 0) bytes in the last run"
            if let snapshots = last[kind]?.snapshots {
                note +=
                    " of the pane's own output, plus \(snapshots.count) pty:snapshot (\(snapshots.bytes) bytes, not counted)."
            } else {
                note += " (tmux sends a redraw of the final state, not the whole file)."
            }
            notes.append(note)
        }
    }

    private mutating func fanout() async throws {
        guard let server = environment.server, let projectId = environment.projectId else {
            notes.append("fan-out needs claudepm-server: not run.")
            return
        }
        let sessions = 50
        for _ in 0..<(sessions - 2) { _ = try await environment.newTarget() }
        let clients = quick ? 50 : 200
        let scenario = FanoutScenario(server: server, projectId: projectId, clients: clients, rounds: quick ? 5 : 20)
        let latencies = try await scenario.run()
        let rss = server.residentMiB.map { Report.f($0) } ?? "?"
        rows.append(
            ResultRow(
                scenario: "server fan-out (\(clients) clients, \(sessions) sessions)", path: "claudepm-server",
                unit: "ms", stats: Stats(latencies), comparison: "server RSS \(rss) MiB", target: "p99 ≤ 20 ms"))
    }

    func log(_ text: String) {
        FileHandleStderr.write("[bench] \(text)\n")
    }
}

extension LinkKind {
    /// How the path is named in the table.
    var label: String {
        switch self {
        case .tmux: "tmux attach (direct)"
        case .server: "claudepm-server PTY"
        case .pane: "claudepm-server pane stream"
        }
    }
}
