// The typing scenario's rows: keystroke echo through the real claudepm beside `tmux attach` on
// loopback (interleaved blocks of 25 keys), sustained typing at 15 keys/s, and echo through a
// 100 ms latency proxy with prediction (time to the predicted glyph) and without (to the echo).
import Foundation
import LatencyProxy

extension ScenarioRunner {
    mutating func typing(_ stage: TUIStage) async throws {
        let scenario = TypingScenario(stage: stage, keys: quick ? 100 : 300, sustainedSeconds: quick ? 15 : 60)
        let (loopback, tmux, sustained) = try await typingOnLoopback(scenario)
        rows.append(
            ResultRow(
                scenario: "typing: key → echo on loopback", path: "claudepm (attached, pane stream)", unit: "ms",
                stats: Stats(loopback), comparison: difference(Stats(loopback), Stats(tmux), "tmux attach"),
                target: "p50 ≤ tmux + 1 ms"))
        rows.append(
            ResultRow(
                scenario: "typing: key → echo on loopback", path: "tmux attach (direct)", unit: "ms",
                stats: Stats(tmux), comparison: "baseline", target: "–"))
        rows.append(
            ResultRow(
                scenario: "typing: 15 keys/s for \(scenario.sustainedSeconds) s, key → echo", path: "claudepm",
                unit: "ms", stats: Stats(sustained), comparison: "max \(Report.f(Stats(sustained)?.max ?? 0)) ms",
                target: "p99 ≤ 100 ms"))
        let proxy = try LatencyProxy(
            targetPort: UInt16(stage.server.port), profile: ProxyProfile(delay: .milliseconds(100)))
        defer { proxy.stop() }
        let count = quick ? 50 : 150
        var predicting = try await scenario.claudepm(proxyPort: Int(proxy.port), prediction: "auto", firstLine: 200)
        let predicted = try await scenario.echo(&predicting, count: count)
        await predicting.client.stop()
        var plain = try await scenario.claudepm(proxyPort: Int(proxy.port), prediction: "off", firstLine: 300)
        let real = try await scenario.echo(&plain, count: count)
        await plain.client.stop()
        rows.append(
            ResultRow(
                scenario: "typing over 100 ms each way: key → glyph", path: "claudepm, prediction auto (predicted)",
                unit: "ms", stats: Stats(predicted), comparison: "no prediction \(Report.f(Stats(real)?.median ?? 0))",
                target: "≤ 5 ms"))
        rows.append(
            ResultRow(
                scenario: "typing over 100 ms each way: key → glyph", path: "claudepm, prediction off (echo)",
                unit: "ms", stats: Stats(real), comparison: "baseline", target: "–"))
        notes.append(
            "typing: every line starts on a fresh row (Enter); with prediction the first two keys of a line are "
                + "untimed probes (after a control key nothing is predicted until a key's echo is seen again).")
    }

    private func typingOnLoopback(_ scenario: TypingScenario) async throws -> ([Double], [Double], [Double]) {
        var claudepm = try await scenario.claudepm(proxyPort: nil, prediction: "auto", firstLine: 0)
        let (tmuxTypist, cmp) = try await scenario.tmuxAttach(firstLine: 100)
        var tmux = tmuxTypist
        defer { cmp.stop() }
        var mine: [Double] = []
        var theirs: [Double] = []
        for _ in 0..<(scenario.keys / 25) {
            mine += try await scenario.echo(&claudepm, count: 25)
            theirs += try await scenario.echo(&tmux, count: 25)
        }
        await tmux.client.stop()
        let sustained = try await scenario.sustained(&claudepm, rate: 15, seconds: scenario.sustainedSeconds)
        await claudepm.client.stop()
        return (mine, theirs, sustained)
    }

    private func difference(_ value: Stats?, _ base: Stats?, _ label: String) -> String {
        guard let value, let base else { return "–" }
        return "\(label) \(Report.f(base.median)) (+\(Report.f(value.median - base.median)) ms)"
    }
}
