// The HTTP + WebSocket server on one port: builds the routers, wires the event bus to the
// WebSocket hub, runs Hummingbird, and shuts down gracefully (close 1001 to every client first;
// tmux sessions are left running).
import ClaudePMProtocol
import Foundation
import Hummingbird
import HummingbirdTLS
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOSSL
import ServerCore
import Synchronization

/// The claudepm HTTP/WebSocket server.
public final class ClaudePMHTTPServer: Sendable {
    let services: ServerServices
    let options: ServerOptions
    let hub = WSHub()
    let metrics = ServerMetrics()
    let ptys: PTYLauncher
    let logger: Logger
    private let runTask = Mutex<Task<Void, any Error>?>(nil)

    /// A server over `services`; PTY attach runs `tmux` (with `tmux`'s socket) on a PTY.
    public init(services: ServerServices, options: ServerOptions, tmux: Tmux, logger: Logger) {
        self.services = services
        self.options = options
        self.logger = logger
        ptys = PTYLauncher(executable: tmux.executable) { pane, session, readOnly in
            tmux.attachArguments(session: session, paneID: pane, readOnly: readOnly)
        }
        let hub = hub
        services.bus.add { hub.dispatch($0) }
    }

    /// Number of open WebSocket connections.
    public var connectionCount: Int { hub.count }

    /// Starts serving; returns the bound port once listening. Errors after start end the task.
    /// Throws `ServerHTTPError.addressInUse` when another process holds the port.
    public func start() async throws -> Int {
        let app = try makeApplication(tmuxAvailable: await services.panes.isAvailable())
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let task = Task {
            defer { continuation.finish() }
            try await app(continuation).run()
        }
        runTask.withLock { $0 = task }
        for await port in stream { return port }
        do { _ = try await task.value } catch {
            throw ServerHTTPError.classify(error, host: options.host, port: options.port)
        }
        throw ServerError.configuration("server stopped before listening")
    }

    /// Closes every WebSocket with 1001 "Server shutting down", then stops listening.
    public func shutdown() async {
        await hub.closeAll()
        let task = runTask.withLock { $0 }
        task?.cancel()
        _ = try? await task?.value
        await services.shutdown()
    }

    /// Waits until the server stops.
    public func wait() async throws {
        try await runTask.withLock { $0 }?.value
    }
}
