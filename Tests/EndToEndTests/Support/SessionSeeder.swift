// Thousands of sessions on a real claudepm-server. tmux will not hold 10,000 panes on this
// machine, so the rows go straight into the demo server's SQLite store (sqlite3, one recursive
// insert): running sessions of the server's own host (the demo project's) whose pane id is not a
// tmux pane (`bulk-N`), which the server lists and serves like any other and never polls. Attaching one gets the server's real
// PTY_INVALID_PANE error.
import ClaudePMProtocol
import ClientNetwork
import Foundation
import TestSupport

enum SessionSeeder {
    /// The display name of seeded session `n` (its pane name).
    static func name(_ n: Int) -> String { String(format: "bulk-%05d", n) }

    /// Inserts `count` running sessions named `bulk-00001`… into `server`'s demo project.
    static func seed(_ server: DemoServer, count: Int) async throws {
        let database = try databasePath(in: server.directory)
        let sql = """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
            INSERT INTO sessions (id, project_id, ticket_id, type, status, source, context_percent, pane_id,
              pane_name, created_at, updated_at, host)
            SELECT printf('5eed%04x-0000-4000-8000-%012d', i, i), (SELECT id FROM projects LIMIT 1), NULL,
              'adhoc', 'running', 'api', 0, printf('bulk-%d', i), printf('bulk-%05d', i),
              '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000', (SELECT host FROM projects LIMIT 1)
            FROM n;
            """
        try await TmuxHarness.runChecked(["/usr/bin/sqlite3", "-cmd", ".timeout 10000", database, sql])
    }

    /// The demo's store: `<TMPDIR>/claudepm-demo-*/data/claudepm.sqlite`.
    static func databasePath(in directory: URL) throws -> String {
        let entries = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        for entry in entries where entry.hasPrefix("claudepm-demo-") {
            let path = directory.appendingPathComponent(entry).appendingPathComponent("data/claudepm.sqlite").path
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        throw EndToEndError.fileFailed(path: directory.path + "/claudepm-demo-*/data/claudepm.sqlite", errno: ENOENT)
    }

    /// Floods the server's event socket: `workers` tasks move a backlog ticket back and forth
    /// (every move broadcasts `ticket:state` to every client) until cancelled.
    static func flood(_ rest: RESTClient, workers: Int = 4) async throws -> Task<Int, Never> {
        let project = try await rest.projects().first
        let tickets = try await rest.allTickets(projectId: project?.id ?? "")
        let movable = tickets.filter { $0.state == .backlog }.prefix(workers).map(\.id)
        return Task {
            await withTaskGroup(of: Int.self) { group in
                for id in movable {
                    group.addTask {
                        var moves = 0
                        while !Task.isCancelled {
                            let state: TicketState = moves % 2 == 0 ? .inProgress : .backlog
                            if (try? await rest.move(ticket: id, to: state)) != nil { moves += 1 }
                        }
                        _ = try? await rest.move(ticket: id, to: .backlog)
                        return moves
                    }
                }
                return await group.reduce(0, +)
            }
        }
    }
}

extension TmuxHarness {
    /// Runs a program (not tmux) and throws with its output if it fails.
    static func runChecked(_ argv: [String]) async throws {
        let outcome = try await Subprocess.run(argv, environment: ["PATH": "/usr/bin:/bin"])
        guard outcome.status == 0 else {
            throw EndToEndError.commandFailed(argv: argv, status: outcome.status, output: outcome.output)
        }
    }
}
