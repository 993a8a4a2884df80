// Two claudepm-servers on two hosts (network namespaces) sharing one PostgreSQL database (issue 16),
// run as a user runs them: `claudepm-server --database <url> --host-name <host>`, each with its own
// tmux, reaching the database's Unix socket (a socket lives in the filesystem, so it crosses
// network namespaces). A project with ticket files is created on alpha over REST. A ticket
// approved through alpha's REST API reaches `claudepm watch --json` configured with beta alone, as
// beta's ticket:state event with the new state done (the servers relay through LISTEN/NOTIFY), and
// `claudepm tickets --json` against beta lists the ticket as done. A session started on alpha is
// listed by `claudepm sessions --json` under alpha and not under beta, and beta refuses to start
// one in alpha's project (409: its files and tmux are on alpha).
// REST calls go from the client namespace with the server's key, through python3's urllib
// (Scripts/bootstrap installs python3; curl may be missing).
// Skipped, with the reason, where namespaces cannot be made or PostgreSQL is not installed.
import ClaudePMProtocol
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(
    "Fleet sharing one PostgreSQL database end to end", .serialized,
    .enabled(if: NetnsFleet.unavailableReason == nil, "\(NetnsFleet.unavailableReason ?? "")"),
    .enabled(if: PostgresTestCluster.isAvailable, "PostgreSQL is not installed (Scripts/bootstrap installs it)"))
struct SharedDatabaseEndToEndTests {
    /// Runs `body` with alpha and beta sharing a fresh database and a project on alpha (its id)
    /// whose repository holds tickets ABC-001 and ABC-002; drops the database afterwards.
    static func withProjectOnAlpha(_ body: (FleetWorld, String) async throws -> Void) async throws {
        let database = try await offPool { try PostgresTestCluster.createDatabase(prefix: "e2e_fleet") }
        do {
            try await FleetWorld.with(hosts: ["alpha", "beta"], database: database) { world in
                let repo = try world.repository("alpha")
                let tickets = repo.appendingPathComponent("docs/jira-tickets")
                try FileManager.default.createDirectory(at: tickets, withIntermediateDirectories: true)
                try "# Fix login\n".write(
                    to: tickets.appendingPathComponent("ABC-001-login.md"), atomically: true, encoding: .utf8)
                try "# Signup flow\n".write(
                    to: tickets.appendingPathComponent("ABC-002-signup.md"), atomically: true, encoding: .utf8)
                let fields = ["name": "Shop", "repo_path": repo.path, "tmux_session": "main"]
                let json = String(decoding: try JSONSerialization.data(withJSONObject: fields), as: UTF8.self)
                let created = try await world.request("alpha", "POST", "/api/projects", body: json)
                try #require(created.status == 201, "alpha did not create the project: \(created.text)")
                try await body(world, try #require(created.json?["id"]?.stringValue))
            }
        } catch {
            await offPool { PostgresTestCluster.dropDatabase(database) }
            throw error
        }
        await offPool { PostgresTestCluster.dropDatabase(database) }
    }

    @Test func aTicketApprovedThroughAlphaReachesAWatchOfBetaAsDone() async throws {
        try await Self.withProjectOnAlpha { world, project in
            let listed = try await world.request("alpha", "GET", "/api/projects/\(project)/tickets")
            let ticket = try #require(
                listed.json?["data"]?.arrayValue?.first { $0["external_id"]?.stringValue == "ABC-001" }?["id"]?
                    .stringValue, "alpha does not list ABC-001: \(listed.text)")
            let review = try await world.request(
                "alpha", "PATCH", "/api/tickets/\(ticket)", body: #"{"state":"review"}"#)
            try #require(review.status == 200, "\(review.text)")

            let watch = try WatchProcess(world, arguments: ["watch", "--json", "--server", "beta"])
            do {
                // Subscribed and resynced: an event from now on is not missed.
                let ready = await eventually(within: 30) {
                    watch.lines().contains { $0["event"]?.stringValue == "resynced" }
                }
                try #require(ready, "watch did not connect to beta:\n\(watch.text())")
                let approved = try await world.request("alpha", "POST", "/api/tickets/\(ticket)/approve")
                try #require(approved.status == 200, "\(approved.text)")
                let done = await eventually(within: 15) {
                    watch.lines().contains { line in
                        let payload = line["message"]?["payload"]
                        return line["message"]?["type"]?.stringValue == "ticket:state"
                            && payload?["ticketId"]?.stringValue == ticket
                            && payload?["newState"]?.stringValue == "done"
                    }
                }
                #expect(done, "no ticket:state done for \(ticket) in the watch:\n\(watch.text())")
                // Every line came from beta, the one server the watch was given.
                #expect(watch.lines().allSatisfy { $0["server"]?.stringValue == "beta" }, "\(watch.text())")
            } catch {
                await watch.stop()
                throw error
            }
            await watch.stop()

            let tickets = try await world.claudepm(["tickets", "--json", "--server", "beta"])
            #expect(tickets.status == 0, "\(tickets.stderr)")
            let row = tickets.json?.arrayValue?.first { $0["id"]?.stringValue == ticket }
            #expect(row?["state"]?.stringValue == "done", "beta does not list \(ticket) as done: \(tickets.stdout)")
            #expect(row?["server"]?.stringValue == "beta")
        }
    }

    @Test func aSessionStartedOnAlphaIsListedForAlphaOnly() async throws {
        try await Self.withProjectOnAlpha { world, project in
            let started = try await world.request("alpha", "POST", "/api/projects/\(project)/sessions", body: "{}")
            try #require(started.status == 201, "alpha did not start a session: \(started.text)")
            let session = try #require(started.json?["id"]?.stringValue)

            // Both servers configured: every server answers (exit 0), and only alpha lists it.
            let sessions = try await world.claudepm(["sessions", "--json"])
            #expect(sessions.status == 0, "\(sessions.stderr)")
            let rows = sessions.json?.arrayValue ?? []
            let listed = rows.filter { $0["id"]?.stringValue == session }
            #expect(listed.map { $0["server"]?.stringValue } == ["alpha"], "\(sessions.stdout)")
            #expect(listed.first?["status"]?.stringValue == "running", "\(sessions.stdout)")
            #expect(!rows.contains { $0["server"]?.stringValue == "beta" }, "beta lists a session: \(sessions.stdout)")

            // Beta cannot start one in alpha's project: its repository and tmux are on alpha.
            let onBeta = try await world.request("beta", "POST", "/api/projects/\(project)/sessions", body: "{}")
            #expect(onBeta.status == 409, "\(onBeta.text)")
        }
    }
}

extension FleetWorld {
    /// A server's REST answer: the status, the body and the body as JSON.
    struct Answer {
        var status: Int
        var text: String
        var json: JSONValue? { JSONAssertions.parse(Data(text.utf8)) }
    }

    /// What a claudepm run printed: its raw wait status (0: exited 0), stdout parsed, stderr.
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        var json: JSONValue? { JSONAssertions.parse(Data(stdout.utf8)) }
    }

    private static let requestScript = """
        import os, sys, urllib.error, urllib.request
        method, url, body = sys.argv[1:4]
        request = urllib.request.Request(url, method=method, data=body.encode() if body else None,
            headers={"X-API-Key": os.environ["FLEET_KEY"], "Content-Type": "application/json"})
        try:
            response = urllib.request.urlopen(request, timeout=20)
        except urllib.error.HTTPError as error:
            response = error
        print(response.getcode())
        sys.stdout.write(response.read().decode())
        """

    /// A REST request to host `name`'s server from the client namespace, with that server's key.
    func request(_ name: String, _ method: String, _ path: String, body: String = "") async throws -> Answer {
        let index = try #require(fleet.hosts.firstIndex { $0.name == name }, "no host \(name)")
        var environment = self.environment
        environment["FLEET_KEY"] = environment["FLEET_KEY_\(name.uppercased())"]
        let argv = ["python3", "-c", Self.requestScript, method, servers[index].url + path, body]
        let outcome = try await Subprocess.run(fleet.inside(fleet.clientNamespace, argv), environment: environment)
        let parts = outcome.output.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard outcome.status == 0, let status = parts.first.flatMap({ Int($0) }) else {
            throw EndToEndError.commandFailed(argv: argv, status: outcome.status, output: outcome.output)
        }
        return Answer(status: status, text: parts.count > 1 ? String(parts[1]) : "")
    }

    /// Runs `claudepm arguments…` in the client namespace, stdout to a file of its own.
    func claudepm(_ arguments: [String]) async throws -> Output {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("claudepm-e2e-out-\(UUID())").path
        defer { unlink(file) }
        let shell = ["/bin/sh", "-c", #"out=$1; shift; exec "$@" >"$out""#, "sh", file, Binaries.path("claudepm")]
        let outcome = try await Subprocess.run(
            fleet.inside(fleet.clientNamespace, shell + arguments), environment: environment)
        let stdout = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return Output(status: outcome.status, stdout: stdout, stderr: outcome.output)
    }
}

/// A long-running `claudepm` (e.g. `watch --json`) in the client namespace, its output in a file.
final class WatchProcess: Sendable {
    let pid: pid_t
    let log: String

    init(_ world: FleetWorld, arguments: [String]) throws {
        log = FileManager.default.temporaryDirectory.appendingPathComponent("claudepm-e2e-watch-\(UUID())").path
        let argv = world.fleet.inside(world.fleet.clientNamespace, [Binaries.path("claudepm")] + arguments)
        pid = try Subprocess.spawn(argv, environment: world.environment, logPath: log)
    }

    /// Everything printed so far.
    func text() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    /// The complete lines printed so far that are JSON.
    func lines() -> [JSONValue] {
        text().split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .compactMap { JSONAssertions.parse(Data($0.utf8)) }
    }

    /// SIGTERM (claudepm closes its sockets and exits), SIGKILL if it lingers; removes the log.
    func stop() async {
        kill(pid, SIGTERM)
        let pid = self.pid
        let ended = await eventually(within: 10) {
            var status: Int32 = 0
            return waitpid(pid, &status, WNOHANG) == pid
        }
        if !ended {
            kill(pid, SIGKILL)
            _ = await Subprocess.reap(pid)
        }
        unlink(log)
    }
}
