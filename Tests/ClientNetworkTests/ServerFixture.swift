// A running server with one project whose tmux session runs `sh`, and one API session in it.

import ClaudePMProtocol
import ClientCore
import ClientNetwork
import Foundation

struct ServerFixture {
    let server: ServerProcess
    let config: ServerConfig
    let rest: RESTClient
    let projectId: String
    let sessionId: String

    /// With `apiKey`, the fixture's own REST calls send it (for a server started with a key).
    static func make(
        name: String = "lab", serverArguments: [String] = [], apiKey: APIKey? = nil
    ) async throws -> ServerFixture {
        let server = try ServerProcess(extraArguments: serverArguments)
        try await server.start()
        let repo = server.directory + "/repo"
        try FileManager.default.createDirectory(atPath: repo + "/docs/jira-tickets", withIntermediateDirectories: true)
        try Data("# Login page\n".utf8).write(to: URL(fileURLWithPath: repo + "/docs/jira-tickets/CSM-001-login.md"))
        try await server.tmux(["new-session", "-d", "-s", "proj", "-x", "100", "-y", "30", "sh"])
        let config = ServerConfig(name: name, url: server.url)
        let rest = RESTClient(server: config, apiKey: apiKey, tls: nil)
        let project = try await rest.createProject(
            CreateProjectRequest(name: "Lab", repoPath: repo, tmuxSession: "proj"))
        let session = try await rest.startSession(projectId: project.id)
        return ServerFixture(server: server, config: config, rest: rest, projectId: project.id, sessionId: session.id)
    }

    /// Short timings so that reconnects happen quickly (only eventual states are asserted).
    static var fastConnection: ConnectionMachine.Configuration {
        var configuration = ConnectionMachine.Configuration()
        configuration.pingInterval = .milliseconds(500)
        configuration.connectTimeout = .seconds(2)
        configuration.backoff = Backoff(initial: .milliseconds(200), maximum: .seconds(1), jitter: 0.25)
        return configuration
    }
}

extension ServerFixture {
    /// An event socket to this server with `fastConnection` timings, started, and the recorder
    /// that follows it.
    func startedSocket() async -> (EventSocket, EventRecorder) {
        let socket = EventSocket(server: config, apiKey: nil, tls: nil, configuration: Self.fastConnection)
        let recorder = EventRecorder.follow(socket)
        await socket.start()
        return (socket, recorder)
    }
}
