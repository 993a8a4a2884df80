// Several claudepm-servers on separate hosts and one claudepm watching them all (issue 16): every
// host is a network namespace of a NetnsFleet running a demo server (its own tmux server, four
// demo sessions) on its own address with an API key (not loopback, so the key is required), and
// claudepm runs in the client namespace, from a shell in a private tmux server, with a config
// naming every server in order. `with` tears everything down, also after a failure. With a
// `database` URL the hosts' servers share that PostgreSQL database instead of running demos.
import ClaudePMProtocol
import ClientCore
import ClientNetwork
import Foundation
import TestSupport
import Testing

/// Servers on several hosts plus the UI in tmux.
final class FleetWorld: Sendable {
    let fleet: NetnsFleet
    /// The servers, in the same order as `fleet.hosts`.
    let servers: [DemoServer]
    let tmux: TmuxHarness
    /// The environment of the shell claudepm runs from (the API keys included).
    let environment: [String: String]

    private init(fleet: NetnsFleet, servers: [DemoServer], tmux: TmuxHarness, environment: [String: String]) {
        self.fleet = fleet
        self.servers = servers
        self.tmux = tmux
        self.environment = environment
    }

    /// Runs `body` with one server per name and the shell ready in the client namespace: demo
    /// servers, or with `database` (a `postgres://` URL) plain servers sharing it (`sharedArguments`).
    static func with(
        hosts names: [String], database: String? = nil, _ body: (FleetWorld) async throws -> Void
    ) async throws {
        // Every slot at once (DemoSlots): two fleets holding one each would wait for ever.
        try await DemoSlots.shared.with(names.count) { try await run(hosts: names, database: database, body) }
    }

    private static func run(
        hosts names: [String], database: String?, _ body: (FleetWorld) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("claudepm-e2e-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fleet = try await NetnsFleet.create(hosts: names)
        var servers: [DemoServer] = []
        var tmux: TmuxHarness?
        do {
            var environment = UIWorld.environment(directory)
            var config = ""
            for host in fleet.hosts {
                let key = (0..<3).map { _ in UUID().uuidString.replacingOccurrences(of: "-", with: "") }.joined()
                let folder = directory.appendingPathComponent(host.name)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                var serverEnvironment = environment
                serverEnvironment["API_KEY"] = key
                var arguments = ["--demo", "--host", host.address]
                if let database {
                    arguments = try await sharedArguments(fleet, host, database, folder, environment)
                }
                servers.append(
                    try await DemoServer.start(
                        environment: serverEnvironment, directory: folder, arguments: arguments,
                        launcher: fleet.inside(host.namespace, [])))
                let variable = "FLEET_KEY_\(host.name.uppercased())"
                environment[variable] = key
                config +=
                    "[server.\(host.name)]\nurl = \"\(servers[servers.count - 1].url)\"\napi_key_env = \"\(variable)\"\n\n"
            }
            let folder = URL(fileURLWithPath: environment["XDG_CONFIG_HOME"] ?? "").appendingPathComponent("claudepm")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(config.utf8).write(to: folder.appendingPathComponent("config.toml"))
            let shell = fleet.inside(fleet.clientNamespace, ["/bin/bash", "--norc", "--noprofile"])
            let harness = try await TmuxHarness.start(command: shell, cols: 160, rows: 50, environment: environment)
            tmux = harness
            let world = FleetWorld(fleet: fleet, servers: servers, tmux: harness, environment: environment)
            try #require(await harness.waitForScreen { $0.contains("shell-ready$") }.ok, "bash did not start")
            try await body(world)
        } catch {
            await Self.tearDown(fleet: fleet, servers: servers, tmux: tmux, shared: database != nil)
            throw error
        }
        await Self.tearDown(fleet: fleet, servers: servers, tmux: tmux, shared: database != nil)
    }

    private static func tearDown(fleet: NetnsFleet, servers: [DemoServer], tmux: TmuxHarness?, shared: Bool) async {
        await tmux?.stop()
        for server in servers { await server.stop() }
        for host in fleet.hosts where shared {
            _ = try? await TmuxHarness.run(socket: tmuxSocket(host), ["kill-server"], environment: [:])
            TmuxHarness.removeSocketFile(tmuxSocket(host))
        }
        await fleet.remove()
    }

    /// The tmux socket of a host's server when it shares a database (after its namespace; a
    /// `claudepm-e2e-` name, which Scripts/reap-test-tmux reaps if a run is killed).
    static func tmuxSocket(_ host: NetnsFleet.Host) -> String { "claudepm-e2e-\(host.namespace)" }

    /// The arguments of a server sharing `database` (`--demo` would keep SQLite): it records
    /// under the host's name, uses the host's own tmux server, started here inside the host's
    /// namespace with an empty session `main` in `<folder>/repo` (for a project there), and runs
    /// `/bin/cat` as the command of new sessions (a pane that stays open). Its data directory is
    /// its own, so servers that ignored the database would share nothing.
    private static func sharedArguments(
        _ fleet: NetnsFleet, _ host: NetnsFleet.Host, _ database: String, _ folder: URL,
        _ environment: [String: String]
    ) async throws -> [String] {
        let repo = folder.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        let tmux = [TmuxHarness.tmuxPath, "-L", tmuxSocket(host), "-f", "/dev/null"]
        let start = fleet.inside(host.namespace, tmux + ["new-session", "-d", "-s", "main", "-c", repo.path])
        let outcome = try await Subprocess.run(start, environment: environment)
        guard outcome.status == 0 else {
            throw EndToEndError.commandFailed(argv: start, status: outcome.status, output: outcome.output)
        }
        return [
            "--host", host.address, "--database", database, "--host-name", host.name,
            "--tmux-socket", tmuxSocket(host), "--command", "/bin/cat", "--data-dir",
            folder.appendingPathComponent("data").path,
        ]
    }

    /// Runs claudepm (the UI, or a subcommand) from the shell; the shell prints its status after.
    func run(_ arguments: String = "") async throws {
        try await tmux.type("clear; '\(Binaries.path("claudepm"))' \(arguments); echo claudepm-exit=$?")
        try await tmux.send(keys: "Enter")
    }

    /// The repository folder of host `name` when the servers share a database (`sharedArguments`).
    func repository(_ name: String) throws -> URL {
        let index = try #require(fleet.hosts.firstIndex { $0.name == name }, "no host \(name)")
        return servers[index].directory.appendingPathComponent("repo")
    }

    /// The host called `name`.
    func host(_ name: String) throws -> NetnsFleet.Host {
        try #require(fleet.hosts.first { $0.name == name }, "no host \(name)")
    }
}
