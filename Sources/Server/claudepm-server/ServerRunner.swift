// Runs the server: the store (StoreOpener), tmux, services, HTTP; the demo setup; signal handling.
import Dispatch
import Foundation
import Logging
import ServerCore
import ServerHTTP

struct ServerRunner {
    let command: ClaudePMServer
    let apiKey: String?
    let logger: Logger

    func run() async throws {
        let demo = command.demo ? try DemoEnvironment.create() : nil
        let dataDir = demo?.dataDir ?? URL(fileURLWithPath: command.dataDir ?? Self.defaultDataDir())
        let tmux = Tmux(socketName: demo?.tmuxSocket ?? command.tmuxSocket)
        let opener = StoreOpener(command: command, logger: logger)
        let store = try opener.open(dataDir: dataDir, demo: demo != nil)
        var config = ServerSettings(defaultCommand: [demo?.agentPath ?? command.command])
        config.paneEnvironment = try demo?.paneEnvironment(apiKey: apiKey) ?? [:]
        if demo != nil { config.commandStyle = .demoAgent }
        config.pollOnly = command.pollOnly
        let images = PaneImageStore(directory: dataDir.appendingPathComponent("panes"))
        let journals =
            command.noJournal
            ? nil
            : JournalStore(
                directory: dataDir.appendingPathComponent("journal"),
                settings: JournalSettings(
                    maxBytes: command.journalMib << 20, maxAgeSeconds: command.journalHours * 3600))
        defer { journals?.stop() }
        let panes = TmuxPaneDriver(
            tmux: tmux, images: images, sizeRecords: dataDir.appendingPathComponent(Self.sizeRecordsFile),
            journals: journals)
        let services = ServerServices(store: store, panes: panes, config: config)
        let relay = try opener.relay(for: store, bus: services.bus)
        defer {
            relay?.stop()
            store.engine.close()
        }
        try await services.start()
        var options = ServerOptions(
            host: command.host, port: command.port,
            auth: AuthPolicy(apiKey: apiKey, trustLoopback: !command.noTrustLoopback),
            tlsCertPath: command.tlsCert, tlsKeyPath: command.tlsKey)
        options.upstreamCompat = command.upstreamCompat
        let server = ClaudePMHTTPServer(services: services, options: options, tmux: tmux, logger: logger)
        let port = try await listen(server, demo: demo, tmux: tmux)
        let host = command.host == "0.0.0.0" ? "127.0.0.1" : command.host
        let base = "\(options.scheme)://\(host):\(port)"
        await services.sessions.setHookURL("\(base)/api/hooks/claude")
        // The demo is populated before the URL is announced, so a client that connects on the
        // announcement sees the demo's sessions in its first fetch.
        if let demo { try await demo.populate(services: services, tmux: tmux, logger: logger) }
        FileHandle.standardOutput.write(Data("listening on \(base)\n".utf8))
        logger.info("listening", metadata: ["url": "\(base)", "data": "\(dataDir.path)"])
        let reason = await ShutdownTrigger.wait(signals: [SIGINT, SIGTERM], stdinEOF: command.exitOnStdinEof)
        logger.info("shutting down", metadata: ["reason": "\(reason)"])
        await server.shutdown()
        if let demo { await demo.tearDown(tmux: tmux) }
    }

    /// Starts `server`; if it cannot listen, stops what was started (services, the demo) and rethrows.
    private func listen(_ server: ClaudePMHTTPServer, demo: DemoEnvironment?, tmux: Tmux) async throws -> Int {
        do { return try await server.start() } catch {
            await server.shutdown()
            if let demo { await demo.tearDown(tmux: tmux) }
            throw error
        }
    }

    /// The windows sized for viewers, in the data directory, until they are put back.
    static let sizeRecordsFile = "tmux-window-sizes.json"

    static func defaultDataDir() -> String {
        let env = ProcessInfo.processInfo.environment
        if let xdg = env["XDG_DATA_HOME"], !xdg.isEmpty { return xdg + "/claudepm-server" }
        return (env["HOME"] ?? NSTemporaryDirectory()) + "/.local/share/claudepm-server"
    }
}
