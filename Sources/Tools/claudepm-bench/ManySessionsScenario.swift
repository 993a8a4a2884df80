// Keys at 10,000 sessions: the stage's store gets 10,000 more running sessions (one recursive
// insert through sqlite3, as the scale tests do: tmux will not hold that many panes; the server
// lists and serves them like any other and never polls them), then the real `claudepm` is timed
// from launch to the list showing them, `j`/`k` to the selection drawn (`▶` below the top row,
// then back), and each key of a five-character filter (`/09999`) to the filter line drawn with
// it, the list narrowed to the one match at the end. Runs last: the rows stay in the stage.
import Foundation

/// Times the list at 10,000 sessions.
struct ManySessionsScenario {
    let stage: TUIStage
    let keys: Int
    static let count = 10_000
    static let filter = "09999"

    struct Result {
        var loadMilliseconds: Double
        var moves: [Double]
        var filterKeys: [Double]
    }

    /// Adds `count` running sessions `bulk-00001`… to the stage's first project.
    func seed() throws {
        let database = stage.root.appendingPathComponent("data/claudepm.sqlite").path
        let sql = """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(Self.count))
            INSERT INTO sessions (id, project_id, ticket_id, type, status, source, context_percent, pane_id,
              pane_name, created_at, updated_at, host)
            SELECT printf('5eed%04x-0000-4000-8000-%012d', i, i), (SELECT id FROM projects LIMIT 1), NULL,
              'adhoc', 'running', 'api', 0, printf('bulk-%d', i), printf('bulk-%05d', i),
              '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000', (SELECT host FROM projects LIMIT 1)
            FROM n;
            """
        let pid = try Spawn.start(
            ["/usr/bin/sqlite3", "-cmd", ".timeout 10000", database, sql], stdout: 2, stderr: 2)
        guard Spawn.wait(pid) == 0 else { throw BenchError.setup("seeding \(Self.count) sessions failed") }
    }

    func run() async throws -> Result {
        try seed()
        let launched = ContinuousClock.now
        let client = try stage.launchClient(armed: [
            "the sessions listed": { lines in lines.contains { $0.contains("bulk-") } }
        ])
        do {
            let load = (try await client.screen.waitMet("the sessions listed", timeout: .seconds(120)) - launched)
            try client.send("gg")
            try await client.screen.waitUntil("first row selected") { KeysScenario.selectedRow($0) != nil }
            try await Task.sleep(for: .milliseconds(300))
            let moves = try await KeysScenario.timeMoves(client, keys: keys)
            let filterKeys = try await filter(client)
            try client.send([0x1B])
            await client.stop()
            return Result(loadMilliseconds: load.milliseconds, moves: moves, filterKeys: filterKeys)
        } catch {
            await client.stop()
            throw error
        }
    }

    /// `/` and the filter's keys; milliseconds from each key to the filter line drawn with it.
    private func filter(_ client: PTYChild) async throws -> [Double] {
        try client.send("/")
        try await client.screen.waitUntil("filter open") { $0.last?.hasPrefix("/") == true }
        var samples: [Double] = []
        var typed = "/"
        for character in Self.filter {
            typed.append(character)
            let expected = typed
            client.screen.arm("filter drawn") { $0.last?.hasPrefix(expected) == true }
            let start = ContinuousClock.now
            try client.send(String(character))
            samples.append((try await client.screen.waitMet("filter drawn") - start).milliseconds)
            try await Task.sleep(for: .milliseconds(20))
        }
        try await client.screen.waitUntil("one match") { lines in
            lines.contains { $0.contains("bulk-\(Self.filter)") } && !lines.contains { $0.contains("bulk-00001") }
        }
        return samples
    }
}
