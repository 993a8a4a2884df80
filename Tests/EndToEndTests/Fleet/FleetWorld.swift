// Several claudepm-servers on separate hosts and one claudepm watching them all (issue 16): every
// host is a network namespace of a NetnsFleet running a demo server (its own tmux server, four
// demo sessions) on its own address with an API key (not loopback, so the key is required), and
// claudepm runs in the client namespace, from a shell in a private tmux server, with a config
// naming every server in order. `with` tears everything down, also after a failure.
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

    /// Runs `body` with one server per name and the shell ready in the client namespace.
    static func with(hosts names: [String], _ body: (FleetWorld) async throws -> Void) async throws {
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
                servers.append(
                    try await DemoServer.start(
                        environment: serverEnvironment, directory: folder,
                        arguments: ["--demo", "--host", host.address],
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
            await Self.tearDown(fleet: fleet, servers: servers, tmux: tmux)
            throw error
        }
        await Self.tearDown(fleet: fleet, servers: servers, tmux: tmux)
    }

    private static func tearDown(fleet: NetnsFleet, servers: [DemoServer], tmux: TmuxHarness?) async {
        await tmux?.stop()
        for server in servers { await server.stop() }
        await fleet.remove()
    }

    /// Runs claudepm (the UI, or a subcommand) from the shell; the shell prints its status after.
    func run(_ arguments: String = "") async throws {
        try await tmux.type("clear; '\(Binaries.path("claudepm"))' \(arguments); echo claudepm-exit=$?")
        try await tmux.send(keys: "Enter")
    }

    /// The host called `name`.
    func host(_ name: String) throws -> NetnsFleet.Host {
        try #require(fleet.hosts.first { $0.name == name }, "no host \(name)")
    }
}
