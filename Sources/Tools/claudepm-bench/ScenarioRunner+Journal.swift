// The journal scenario's rows: claudepm-server's CPU with and without its journal under the
// wall's output (interleaved rounds on the TUI stage), the difference against the goal of 2 % of
// a core, the journal's disk bytes per second, and seek times to random moments.
import Foundation

extension ScenarioRunner {
    mutating func journal(_ stage: TUIStage) async throws {
        let seconds = quick ? 5 : 15
        let scenario = JournalScenario(
            stage: stage, duration: .seconds(seconds), seekBytes: quick ? 4 << 20 : 18 << 20)
        var on: [JournalCost] = []
        var off: [JournalCost] = []
        for round in 0..<(quick ? 1 : 3) {
            do {
                on.append(try await scenario.cost(journal: true))
                off.append(try await scenario.cost(journal: false))
            } catch {
                notes.append("journal cost round \(round) failed: \(error)")
            }
            log("journal cost round \(round) done")
        }
        try await stage.useJournal(true)
        let name = "journal (9 sessions × 64 KB/s, \(seconds) s rounds, no viewer)"
        let cpuOn = Stats(on.map(\.cpuPercent))
        let cpuOff = Stats(off.map(\.cpuPercent))
        rows.append(
            ResultRow(
                scenario: name, path: "claudepm-server CPU, journal on", unit: "% of a core", stats: cpuOn,
                comparison: "–", target: "–"))
        rows.append(
            ResultRow(
                scenario: name, path: "claudepm-server CPU, --no-journal", unit: "% of a core", stats: cpuOff,
                comparison: "baseline", target: "–"))
        let extra = zip(on, off).map { $0.cpuPercent - $1.cpuPercent }
        rows.append(
            ResultRow(
                scenario: name, path: "the journal's extra CPU (on − off, per round)", unit: "% of a core",
                stats: Stats(extra), comparison: "–", target: "≤ 2 %"))
        rows.append(
            ResultRow(
                scenario: name, path: "journal written", unit: "KB/s",
                stats: Stats(on.map { $0.bytesPerSecond / 1000 }),
                comparison: "of 576 KB/s of output", target: "–"))
        let (milliseconds, summary) = try await scenario.seeks(count: quick ? 20 : 100)
        let megabytes = Report.f(Double(summary.bytes) / 1_048_576)
        rows.append(
            ResultRow(
                scenario: "journal seek (\(megabytes) MiB of one session's output)",
                path: "REST screen at a random moment, drawn in an emulator", unit: "ms", stats: Stats(milliseconds),
                comparison: "–", target: "≤ 50 ms"))
        do {
            let keys = try await scenario.claudepmSeeks(count: quick ? 6 : 20)
            rows.append(
                ResultRow(
                    scenario: "journal seek (\(megabytes) MiB of one session's output)",
                    path: "claudepm rewind: g g / G, key to the other moment on screen", unit: "ms",
                    stats: Stats(keys), comparison: "–", target: "≤ 50 ms"))
        } catch {
            notes.append("journal seek in claudepm failed: \(error)")
        }
        do {
            let (searches, hits) = try scenario.searches(count: quick ? 2 : 5)
            rows.append(
                ResultRow(
                    scenario: "journal search (\(megabytes) MiB of one session's output)",
                    path: "GET …/journal/search, the whole journal (\(hits) hits answered)", unit: "ms",
                    stats: Stats(searches), comparison: "–", target: "–"))
        } catch {
            notes.append("journal search failed: \(error)")
        }
        notes.append(
            "journal seek: \(megabytes) MiB, as much as an hour of a session writing about 5 KB/s, written at 1 MiB/s; "
                + "a seek replays from the last keyframe (every 256 KiB or 30 s), so it replays at most as much "
                + "as in an hour-long journal.")
    }
}
