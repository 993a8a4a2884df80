// The bench's view of a program's terminal for the TUI scenarios: a TerminalScreen fed on the
// PTY reader thread, behind a lock so a sampler can read it at times of its own choosing. Named
// conditions can be armed; the reader checks them after every chunk and records the instant each
// first held, so "drawn" is timed at chunk granularity, not at a polling interval.
import Foundation
import Synchronization
import TerminalScreen

/// A locked terminal screen with named, timed conditions.
final class WatchedScreen: Sendable {
    /// A test on the screen's rows (trailing blanks removed).
    typealias Condition = @Sendable ([String]) -> Bool

    private struct State {
        var screen: TerminalScreen
        var conditions: [String: Condition] = [:]
        var metAt: [String: ContinuousClock.Instant] = [:]
        var bytes = 0
    }
    private let state: Mutex<State>

    /// A screen of `cols`×`rows`.
    init(rows: Int, cols: Int) {
        state = Mutex(State(screen: TerminalScreen(rows: rows, cols: cols, scrollbackLimit: 100)))
    }

    /// Feeds `chunk`; returns what the screen answers (terminal query replies) for the program.
    func feed(_ chunk: [UInt8]) -> [UInt8] {
        let now = ContinuousClock.now
        return state.withLock { state in
            state.screen.feed(chunk)
            state.bytes += chunk.count
            let pending = state.conditions.filter { state.metAt[$0.key] == nil }
            if !pending.isEmpty {
                let lines = state.screen.trimmedLines
                for (name, condition) in pending where condition(lines) { state.metAt[name] = now }
            }
            return state.screen.takeOutput()
        }
    }

    /// Arms `condition` under `name` (checked at once, then after every chunk), forgetting any
    /// earlier result of that name.
    func arm(_ name: String, _ condition: @escaping Condition) {
        let now = ContinuousClock.now
        state.withLock { state in
            state.conditions[name] = condition
            state.metAt[name] = condition(state.screen.trimmedLines) ? now : nil
        }
    }

    /// Waits up to `timeout` for the condition `name`; returns when it first held.
    func waitMet(_ name: String, timeout: Duration = .seconds(30)) async throws -> ContinuousClock.Instant {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let met = state.withLock({ $0.metAt[name] }) { return met }
            try await Task.sleep(for: .milliseconds(1))
        }
        debugDump("timeout: \(name)")
        let shown = lines().filter { !$0.isEmpty }.prefix(6).map { String($0.prefix(100)) }
        throw BenchError.timeout("\(name); screen: \(shown.joined(separator: " | "))")
    }

    /// Arms `condition` and waits for it.
    func waitUntil(_ name: String, timeout: Duration = .seconds(30), _ condition: @escaping Condition) async throws {
        arm(name, condition)
        _ = try await waitMet(name, timeout: timeout)
    }

    /// The text of every row, trailing blanks removed.
    func lines() -> [String] { state.withLock { $0.screen.trimmedLines } }

    /// Writes the screen to stderr when CLAUDEPM_BENCH_DEBUG is set (to check what a scenario saw).
    func debugDump(_ label: String) {
        guard ProcessInfo.processInfo.environment["CLAUDEPM_BENCH_DEBUG"] != nil else { return }
        FileHandleStderr.write("[screen] \(label)\n" + lines().map { "|\($0)\n" }.joined())
    }

    /// Bytes fed so far.
    var bytesFed: Int { state.withLock { $0.bytes } }
}

extension TerminalScreen {
    /// Every row's text, trailing blanks removed.
    var trimmedLines: [String] {
        (0..<rows).map { text(row: $0) }
    }
}
