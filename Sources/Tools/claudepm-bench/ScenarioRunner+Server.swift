// The server-side scenarios of pane streams (issue 12): idle-server and waiting, each measured on
// one ServerStage with the pushed server first and then, relaunched on the same sessions, with
// `--poll-only`, and turned into table rows.
import Foundation

extension ScenarioRunner {
    /// Names of the scenarios that run on a ServerStage.
    static let serverScenarios = ["idle-server", "waiting"]

    /// Runs the wanted server scenarios on a stage of their own.
    mutating func runServerScenarios(_ wanted: Set<String>, serverBinary: String?) async {
        let names = Self.serverScenarios.filter { wanted.contains($0) }
        guard !names.isEmpty else { return }
        guard let serverBinary else {
            notes.append("\(names.joined(separator: ", ")) need claudepm-server: not run.")
            return
        }
        let idleSessions = names.contains("idle-server") || !quick ? 200 : 20
        log("server stage: \(idleSessions) idle sessions…")
        let stage: ServerStage
        do {
            stage = try await ServerStage.create(
                serverBinary: serverBinary, idleSessions: idleSessions, waitingPane: names.contains("waiting"))
        } catch {
            notes.append("server stage could not be set up: \(error)")
            return
        }
        defer { stage.tearDown() }
        var idle: [(label: String, result: IdleServerResult)] = []
        var waiting: [(label: String, latencies: [Double])] = []
        for pollOnly in [false, true] {
            do { try await stage.use(pollOnly: pollOnly) } catch {
                notes.append("claudepm-server \(pollOnly ? "--poll-only " : "")did not start: \(error)")
                continue
            }
            if names.contains("idle-server") {
                log("scenario idle-server, \(stage.modeLabel)…")
                do { idle.append((stage.modeLabel, try await idleServer(stage))) } catch {
                    notes.append("idle-server via \(stage.modeLabel) failed: \(error)")
                }
            }
            if let pane = stage.waitingPane {
                log("scenario waiting, \(stage.modeLabel)…")
                let scenario = WaitingScenario(server: stage.server, pane: pane, rounds: quick ? 5 : 20)
                do {
                    let (latencies, missed) = try await scenario.run()
                    waiting.append((stage.modeLabel, latencies))
                    if missed > 0 {
                        notes.append("waiting via \(stage.modeLabel): \(missed) rounds got no event in 20 s.")
                    }
                } catch {
                    notes.append("waiting via \(stage.modeLabel) failed: \(error)")
                }
            }
        }
        idleServerRows(idle, sessions: stage.idleSessions + (stage.waitingPane == nil ? 0 : 1))
        waitingRows(waiting, others: stage.idleSessions)
    }

    private func idleServer(_ stage: ServerStage) async throws -> IdleServerResult {
        let scenario = IdleServerScenario(
            stage: stage, settle: quick ? .seconds(8) : .seconds(15), window: quick ? .seconds(10) : .seconds(30))
        return try await scenario.run()
    }

    private mutating func idleServerRows(_ results: [(label: String, result: IdleServerResult)], sessions: Int) {
        let name = "idle server (\(sessions) sessions, \(quick ? 10 : 30) s)"
        let pushed = results.first { $0.label.hasPrefix("pushed") }?.result
        let polled = results.first { !$0.label.hasPrefix("pushed") }?.result
        for (label, result) in results {
            let isPushed = label.hasPrefix("pushed")
            let parts =
                "server \(Report.f(result.server)), tmux clients \(Report.f(result.shortLivedClients)), "
                + "control clients (\(result.controlClientCount)) \(Report.f(result.controlClients)), "
                + "tmux server \(Report.f(result.tmuxServer))"
            rows.append(
                ResultRow(
                    scenario: name, path: "\(label): server + tmux", unit: "% of a core", stats: Stats([result.total]),
                    comparison: parts, target: isPushed ? "≤ 1 %" : "–"))
            let perSecond = result.processesPerSecond
            var comparison = isPushed ? "–" : "baseline"
            if isPushed, let polled = polled?.processesPerSecond { comparison = "--poll-only \(Report.f(polled))/s" }
            rows.append(
                ResultRow(
                    scenario: "idle server: tmux processes started", path: label, unit: "per s",
                    stats: perSecond.flatMap { Stats([$0]) }, comparison: comparison, target: "report"))
            if let problem = result.counterProblem { notes.append("idle-server via \(label): \(problem)") }
            if result.counterOverruns > 0 {
                notes.append(
                    "idle-server via \(label): the kernel dropped process events \(result.counterOverruns) times "
                        + "(processes started is a lower bound).")
            }
            var ratio = ""
            if !isPushed, let pushed, pushed.total > 0 { ratio = " (×\(Report.f(result.total / pushed.total)) pushed)" }
            notes.append(
                "idle-server via \(label): \(Report.f(result.total)) % of a core in all\(ratio); "
                    + "server wake-ups \(Report.f(result.serverWakeupsPerSecond))/s.")
        }
    }

    private mutating func waitingRows(_ results: [(label: String, latencies: [Double])], others: Int) {
        let name = "waiting detection (prompt → session:waiting, \(others) other sessions)"
        let polled = results.first { !$0.label.hasPrefix("pushed") }.flatMap { Stats($0.latencies) }
        for (label, latencies) in results {
            let isPushed = label.hasPrefix("pushed")
            let stats = Stats(latencies)
            var comparison = "baseline"
            if isPushed, let polled, let stats {
                comparison =
                    "--poll-only p50 \(Report.f(polled.median)) ms (\(Report.f(polled.median / stats.median))× slower)"
            }
            rows.append(
                ResultRow(
                    scenario: name, path: label, unit: "ms", stats: stats, comparison: comparison,
                    target: isPushed ? "≤ 100 ms" : "–"))
        }
    }
}
