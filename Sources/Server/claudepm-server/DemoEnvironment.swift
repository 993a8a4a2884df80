// `--demo`: a throwaway data directory and tmux server, a demo project with DemoFixture's tickets
// (all four states, several prefixes) and one claudepm-demo-agent session per in-progress ticket
// (the agent is found next to this executable). Everything is removed on exit.
import ClaudePMProtocol
import Foundation
import Logging
import ServerCore

struct DemoEnvironment: Sendable {
    let root: URL
    let tmuxSocket: String
    let agentPath: String

    var dataDir: URL { root.appendingPathComponent("data") }
    var repoDir: URL { root.appendingPathComponent("demo-repo") }
    /// Where the agents find the server's API key, when it has one (0600, removed with the demo).
    var agentKeyFile: URL { root.appendingPathComponent("agent-api-key") }

    /// The agents' environment. With a key, they read it from `agentKeyFile`: tmux gets the
    /// environment as arguments (`-e`), and a key never goes into an argument list.
    func paneEnvironment(apiKey: String?) throws -> [String: String] {
        guard let apiKey else { return ["CLAUDEPM_DEMO": "1"] }
        let path = agentKeyFile.path
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        try Data((apiKey + "\n").utf8).write(to: agentKeyFile)
        return ["CLAUDEPM_DEMO": "1", "CLAUDEPM_API_KEY_FILE": path]
    }

    static func create() throws -> DemoEnvironment {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("claudepm-demo-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let agent = exe.deletingLastPathComponent().appendingPathComponent("claudepm-demo-agent").path
        return DemoEnvironment(root: root, tmuxSocket: "claudepm-demo-\(getpid())", agentPath: agent)
    }

    func populate(services: ServerServices, tmux: Tmux, logger: Logger) async throws {
        try DemoFixture.write(to: repoDir)
        _ = try await tmux.newSession(
            name: "claudepm-demo", cwd: repoDir.path, command: nil, environment: [:], width: 160, height: 48)
        let project = try await services.projects.create(
            ProjectInput(name: "Customer Success Manager", repoPath: repoDir.path, tmuxSession: "claudepm-demo"))
        let tickets = try await arrangeStates(services: services, projectId: project.id)
        for path in DemoFixture.sessionTickets {
            guard let ticket = tickets.first(where: { $0.filePath == path }) else { continue }
            _ = try await services.startTicket(ticket.id)
        }
        logger.info("demo ready", metadata: ["project": "\(project.id)", "tmux": "\(tmuxSocket)"])
    }

    private func arrangeStates(services: ServerServices, projectId: String) async throws -> [TicketRecord] {
        try await services.tickets.sync(projectId: projectId)
        var query = TicketFilter()
        query.limit = 100
        query.sync = false
        let tickets = try await services.tickets.list(projectId: projectId, query: query).items
        for ticket in tickets {
            guard let wanted = DemoFixture.initialStates[ticket.filePath]?.rawValue, wanted != ticket.state else {
                continue
            }
            try await services.tickets.transition(
                ticket.id, to: wanted, trigger: "manual", reason: "user_updated", force: true)
        }
        return tickets
    }

    func tearDown(tmux: Tmux) async {
        await tmux.killServer()
        try? FileManager.default.removeItem(at: root)
    }
}
