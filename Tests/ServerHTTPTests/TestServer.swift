// A real claudepm server for tests: temp data dir, a private tmux server (own socket, -f /dev/null)
// with a tmux session and a repository folder, listening on 127.0.0.1 with a free port. Its store
// is SQLite, or PostgreSQL when the run asks for it (TestStore).
import Foundation
import Logging
import ServerCore
import ServerHTTP
import ServerPostgres

@testable import ServerHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class TestServer: Sendable {
    let root: URL
    let tmux: Tmux
    let services: ServerServices
    let server: ClaudePMHTTPServer
    let port: Int
    /// The relay of broadcasts to the other servers of a shared database (nil otherwise).
    let relay: PostgresEventRelay?
    let tmuxSession = "main"

    var repo: URL { root.appendingPathComponent("repo") }
    var base: String { "http://127.0.0.1:\(port)" }
    var wsURL: String { "ws://127.0.0.1:\(port)/" }

    /// The command new panes run: prints the prompt ($0) then becomes a shell.
    static let shellCommand = ["/bin/sh", "-c", "echo \"started:$0\"; exec /bin/sh"]

    private init(
        root: URL, tmux: Tmux, services: ServerServices, server: ClaudePMHTTPServer, port: Int,
        relay: PostgresEventRelay?
    ) {
        self.relay = relay
        self.root = root
        self.tmux = tmux
        self.services = services
        self.server = server
        self.port = port
    }

    /// Starts a server; `root`/`socket` reuse an earlier server's data dir and tmux server (restart tests).
    static func start(
        apiKey: String? = nil, trustLoopback: Bool = true, root: URL? = nil, socket: String? = nil,
        logger: Logger = Logger(label: "test"), database: String? = nil, hostName: String = Store.defaultHost,
        pollInterval: Duration = .milliseconds(300), upstreamCompat: Bool = false
    ) async throws -> TestServer {
        let root =
            root ?? FileManager.default.temporaryDirectory.appendingPathComponent("cpm-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("repo"), withIntermediateDirectories: true)
        let tmux = Tmux(socketName: socket ?? "claudepm-test-\(UUID().uuidString.prefix(12))", configFile: "/dev/null")
        if !(await tmux.hasSession("main")) {
            _ = try await tmux.newSession(
                name: "main", cwd: root.path, command: nil, environment: [:], width: 120, height: 40)
        }
        let store = try TestStore.open(
            dataDir: root.appendingPathComponent("data"), database: database, host: hostName, logger: logger)
        let config = ServerSettings(
            defaultCommand: shellCommand, stopGracePeriod: .milliseconds(500), pollInterval: pollInterval)
        let services = ServerServices(store: store, panes: TmuxPaneDriver(tmux: tmux), config: config)
        var relay: PostgresEventRelay?
        if let database {
            relay = try await TestStore.relay(url: database, bus: services.bus, origin: hostName, logger: logger)
        }
        try await services.start()
        var options = ServerOptions(
            host: "127.0.0.1", port: 0, auth: AuthPolicy(apiKey: apiKey, trustLoopback: trustLoopback))
        options.upstreamCompat = upstreamCompat
        let server = ClaudePMHTTPServer(services: services, options: options, tmux: tmux, logger: logger)
        let port = try await server.start()
        return TestServer(root: root, tmux: tmux, services: services, server: server, port: port, relay: relay)
    }

    /// Stops the HTTP server, leaving tmux and the data dir.
    func stop() async { await server.shutdown() }

    /// Stops everything and removes the temp dir.
    func cleanup() async {
        await server.shutdown()
        relay?.stop()
        services.store.engine.close()
        await tmux.killServer()
        TestStore.drop(dataDir: root.appendingPathComponent("data"))
        try? FileManager.default.removeItem(at: root)
    }

    /// Runs `body` with a fresh server, cleaning up afterwards.
    static func with(
        apiKey: String? = nil, trustLoopback: Bool = true, logger: Logger = Logger(label: "test"),
        pollInterval: Duration = .milliseconds(300), upstreamCompat: Bool = false,
        _ body: (TestServer) async throws -> Void
    ) async throws {
        let s = try await start(
            apiKey: apiKey, trustLoopback: trustLoopback, logger: logger, pollInterval: pollInterval,
            upstreamCompat: upstreamCompat)
        do { try await body(s) } catch {
            await s.cleanup()
            throw error
        }
        await s.cleanup()
    }

    /// Runs `body` with a fresh server, a session started in a new project, and a WebSocket
    /// subscribed to that session (its `subscribed` already received).
    static func withSubscribedSession(
        pollInterval: Duration = .milliseconds(300),
        _ body: @escaping @Sendable (TestServer, String, WSTestConnection) async throws -> Void
    ) async throws {
        try await with(pollInterval: pollInterval) { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            try await withWS(s.wsURL) { ws in
                try await ws.send("session:subscribe", #"{"sessionId":"\#(id)"}"#)
                _ = try await ws.inbox.next("subscribed")
                try await body(s, id, ws)
            }
        }
    }

    /// An HTTP request; returns the status and the parsed JSON body (nil if empty or not JSON).
    func request(
        _ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:]
    ) async throws -> (status: Int, json: AnyJSON?) {
        guard let url = URL(string: base + path) else { throw URLError(.badURL) }
        var req = URLRequest(url: url)
        req.httpMethod = method
        if let body {
            req.httpBody = Data(body.utf8)
            req.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (k, v) in headers { req.setValue(v, forHTTPHeaderField: k) }
        let (data, response) = try await URLSession.shared.data(for: req)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return (status, AnyJSON.parse(data))
    }

    /// Creates a project over HTTP in this server's repo and tmux session; returns its id.
    func createProject(name: String = "Demo") async throws -> String {
        let body = #"{"name":"\#(name)","repo_path":"\#(repo.path)","tmux_session":"main"}"#
        let (status, json) = try await request("POST", "/api/projects", body: body)
        guard status == 201, let id = json?["id"]?.stringValue else { throw TestFailure("create project: \(status)") }
        return id
    }

    /// Starts a session over HTTP; returns its id.
    func startSession(project: String, body: String = "{}") async throws -> String {
        let (status, json) = try await request("POST", "/api/projects/\(project)/sessions", body: body)
        guard status == 201, let id = json?["id"]?.stringValue else { throw TestFailure("start session: \(status)") }
        return id
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

extension AnyJSON {
    subscript(key: String) -> AnyJSON? { fields?[key] }
    subscript(index: Int) -> AnyJSON? {
        if case .array(let a) = self, a.indices.contains(index) { return a[index] }
        return nil
    }
    var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
    var intValue: Int? {
        if case .int(let i) = self { return i }
        return nil
    }
    var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }
    var arrayValue: [AnyJSON]? {
        if case .array(let a) = self { return a }
        return nil
    }
    var keys: Set<String> { Set(fields?.keys.map { $0 } ?? []) }
}
