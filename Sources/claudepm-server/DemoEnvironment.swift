// `--demo`: a throwaway data directory and tmux server, a demo project with realistic tickets and
// four sessions running claudepm-demo-agent (found next to this executable). Removed on exit.
import Foundation
import Logging
import ServerCore

struct DemoEnvironment: Sendable {
    let root: URL
    let tmuxSocket: String
    let agentPath: String

    var dataDir: URL { root.appendingPathComponent("data") }
    var repoDir: URL { root.appendingPathComponent("demo-repo") }
    var paneEnvironment: [String: String] { ["CLAUDEPM_DEMO": "1"] }

    static func create() throws -> DemoEnvironment {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "claudepm-demo-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let agent = exe.deletingLastPathComponent().appendingPathComponent("claudepm-demo-agent").path
        return DemoEnvironment(root: root, tmuxSocket: "claudepm-demo-\(getpid())", agentPath: agent)
    }

    func populate(services: ServerServices, tmux: Tmux, logger: Logger) async throws {
        try DemoTickets.write(into: repoDir)
        _ = try await tmux.newSession(
            name: "claudepm-demo", cwd: repoDir.path, command: nil, environment: [:], width: 160, height: 48)
        let project = try await services.projects.create(
            ProjectInput(name: "Demo Shop", repoPath: repoDir.path, tmuxSession: "claudepm-demo"))
        try DemoTickets.arrangeStates(services: services, projectId: project.id)
        let prompts = [
            "Fix the checkout rounding bug", "Add dark mode", "Refactor the cart service", "Write release notes",
        ]
        for prompt in prompts {
            _ = try await services.sessions.start(
                projectId: project.id, input: StartSessionInput(initialPrompt: prompt))
        }
        logger.info("demo ready", metadata: ["project": "\(project.id)", "tmux": "\(tmuxSocket)"])
    }

    func tearDown(tmux: Tmux) async {
        await tmux.killServer()
        try? FileManager.default.removeItem(at: root)
    }
}
