// A server on PostgreSQL whose database goes away and comes back (issue 16): while it is down,
// health says so with the reason and writes answer 503 (never a false success); the server
// reconnects by itself once it is back; and every write that was acknowledged (201) is there
// afterwards. Projects are created in a stream across the outage, so some requests land before,
// during and after it. A database that freezes (SIGSTOP: connections open, nothing answers) holds
// the requests that need it, and nothing else: health answers while they wait. Skipped, with the
// reason, where PostgreSQL is not installed.
import Foundation
import ServerCore
import Synchronization
import TestSupport
import Testing

@Suite(
    "Database outage",
    .enabled(if: PostgresTestCluster.isAvailable, "PostgreSQL is not installed (Scripts/bootstrap installs it)"))
struct DatabaseOutageTests {
    /// Creates project `n` (each needs its own repository folder); returns the status and its id.
    static func create(_ s: TestServer, _ n: Int) async throws -> (status: Int, id: String?) {
        let repo = s.root.appendingPathComponent("repo-\(n)")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        let body = #"{"name":"P\#(n)","repo_path":"\#(repo.path)","tmux_session":"main"}"#
        let reply = try await s.request("POST", "/api/projects", body: body)
        return (reply.status, reply.json?["id"]?.stringValue)
    }

    /// Runs `body` with a server (host `host`) on a PostgreSQL cluster of its own, which `body`
    /// may stop, restart or freeze.
    static func withServerOnPrivateCluster(
        host: String, _ body: (TestServer, String) async throws -> Void
    ) async throws {
        let cluster = try PostgresTestCluster.startPrivate()
        defer { PostgresTestCluster.remove(cluster) }
        let url = PostgresTestCluster.url(database: "postgres", directory: cluster)
        let s = try await TestServer.start(database: url, hostName: host)
        do {
            try await body(s, cluster)
        } catch {
            await s.cleanup()
            throw error
        }
        await s.cleanup()
    }

    @Test func anOutageIsReportedAndNoAcknowledgedWriteIsLost() async throws {
        try await Self.withServerOnPrivateCluster(host: "outage") { s, cluster in
            var acknowledged: [String] = []
            var refused = 0
            for n in 0..<5 {
                let r = try await Self.create(s, n)
                #expect(r.status == 201)
                if let id = r.id { acknowledged.append(id) }
            }
            try PostgresTestCluster.halt(cluster)
            // Down: health says so, with the reason; a write is refused, never acknowledged.
            #expect(
                try await eventually {
                    try await s.request("GET", "/api/health").json?["database"]?.stringValue == "disconnected"
                })
            let health = try await s.request("GET", "/api/health").json
            #expect(health?["status"]?.stringValue == "degraded")
            #expect(health?["databaseError"]?.stringValue?.hasPrefix("postgres: ") == true)
            for n in 5..<10 {
                let r = try await Self.create(s, n)
                #expect(r.status == 503, "project \(n) during the outage: \(r.status)")
                if r.status == 201, let id = r.id { acknowledged.append(id) } else { refused += 1 }
            }
            #expect(try await s.request("GET", "/api/projects").status == 503)
            try PostgresTestCluster.restart(cluster)
            // Back: the server reconnects by itself, and writes succeed again.
            #expect(
                try await eventually {
                    try await s.request("GET", "/api/health").json?["database"]?.stringValue == "connected"
                })
            #expect(try await s.request("GET", "/api/health").json?["databaseError"] == nil)
            for n in 10..<15 {
                let r = try await Self.create(s, n)
                #expect(r.status == 201)
                if let id = r.id { acknowledged.append(id) }
            }
            let listed = try await s.request("GET", "/api/projects?limit=100").json?["data"]?.arrayValue ?? []
            let ids = Set(listed.compactMap { $0["id"]?.stringValue })
            #expect(acknowledged.count == 10 && refused == 5)
            #expect(Set(acknowledged).isSubset(of: ids), "an acknowledged project is missing")
            #expect(ids.count == acknowledged.count, "a refused write was applied")
        }
    }

    /// How many of the requests that need the database were answered.
    private final class Answered: Sendable {
        let count = Atomic<Int>(0)
    }

    @Test func aFrozenDatabaseHoldsOnlyTheRequestsThatNeedIt() async throws {
        try await Self.withServerOnPrivateCluster(host: "frozen") { s, cluster in
            #expect(try await Self.create(s, 0).status == 201)
            let frozen = try PostgresTestCluster.freeze(cluster)
            defer { PostgresTestCluster.thaw(frozen) }
            // Four requests that need the database wait on it (as many as a pool of two threads
            // on two cores has, twice over).
            let answered = Answered()
            let waiting = Task {
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<4 {
                        group.addTask {
                            _ = try? await s.request("GET", "/api/projects")
                            answered.count.add(1, ordering: .relaxed)
                        }
                    }
                }
            }
            // Health needs no database: it answers, ten times over, while they all still wait.
            var times: [Duration] = []
            for _ in 0..<10 {
                let start = ContinuousClock.now
                let health = try await s.request("GET", "/api/health")
                times.append(ContinuousClock.now - start)
                #expect(health.status == 200)
            }
            #expect(
                answered.count.load(ordering: .relaxed) == 0,
                "a request that needs the frozen database was answered before health (health took \(times))")
            PostgresTestCluster.thaw(frozen)
            await waiting.value
            #expect(answered.count.load(ordering: .relaxed) == 4)
        }
    }
}
