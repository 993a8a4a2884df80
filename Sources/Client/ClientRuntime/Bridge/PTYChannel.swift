// PTYChannel: one session's terminal stream on ClientNetwork's `PTYConnection` (its own
// WebSocket, attach-before-data, input coalescing, debounced resizes, reconnects). Outputs are
// posted to the UI loop by the connection itself, unchanged (no forwarding task, no re-tagging),
// with a generation, so outputs of a stream the loop already replaced are dropped there. Commands
// from the loop go straight to the connection's event loop (`execute`, one hop from the UI
// thread, no task or stream in between); the event loop runs them in the order they were given,
// so keys reach the connection in the order they were typed.
import ClientCore
import ClientNetwork
import Foundation

/// A `TerminalChannel` backed by a `PTYConnection`.
final class PTYChannel: TerminalChannel {
    private let connection: PTYConnection
    private let streams: StreamTasks
    /// Tiles send no heartbeat of their own: an idle wall is ten sockets and each ping costs
    /// several thread wake-ups. The server's event socket is the one heartbeat per server link
    /// (late within ~7 s, down within 10 s, every tile of that server marked stale), and when that
    /// link comes back the model reopens the server's tiles, so none stays on a half-open socket.
    static let tilePingInterval: Duration? = nil

    private init(connection: PTYConnection, streams: StreamTasks) {
        self.connection = connection
        self.streams = streams
    }

    /// Opens a stream for `key` and starts forwarding its output to `queue`.
    static func open(
        server: RuntimeServer, key: SessionKey, cols: Int, rows: Int, readOnly: Bool, paneStream: Bool,
        generation: Int, queue: EventQueue<RuntimeEvent>, streams: StreamTasks
    ) -> (any TerminalChannel)? {
        var configuration = PTYConnectionMachine.Configuration()
        let access = Self.access(readOnly: readOnly)
        configuration.readOnly = access.readOnly
        // `pty:selectPane` does nothing on a pane stream, and on a tmux client (upstream) it zooms
        // the pane, which stays zoomed for the user after the attach: never sent.
        configuration.selectPaneOnAttach = false
        configuration.paneStream = paneStream
        configuration.pingInterval = access.pingInterval
        // Outputs go from the connection's executor straight to the UI queue: the socket's event
        // loop decodes and runs the connection's machine, the UI loop feeds the screen.
        let connection = PTYConnection(
            server: server.config, apiKey: nil, tls: server.tls, sessionId: key.sessionId,
            configuration: configuration, key: server.key,
            onOutput: { queue.post(.terminal(key, generation: generation, $0)) })
        let channel = PTYChannel(connection: connection, streams: streams)
        connection.enqueue { $0.open(cols: cols, rows: rows) }
        return channel
    }

    func input(_ text: String) {
        connection.enqueue { $0.input(text) }
    }

    func resize(cols: Int, rows: Int) {
        connection.enqueue { $0.resize(cols: cols, rows: rows) }
    }

    func setAccess(readOnly: Bool, cols: Int, rows: Int) {
        let access = Self.access(readOnly: readOnly)
        connection.enqueue { $0.setAccess(access, cols: cols, rows: rows) }
    }

    func fit(cols: Int, rows: Int) {
        connection.enqueue { $0.fit(cols: cols, rows: rows) }
    }

    func retryNow() {
        connection.enqueue { $0.retryNow() }
    }

    /// A tile watches without a heartbeat of its own; an attached terminal pings.
    private static func access(readOnly: Bool) -> PTYConnectionMachine.Access {
        .init(
            readOnly: readOnly,
            pingInterval: readOnly ? tilePingInterval : PTYConnectionMachine.Configuration().pingInterval)
    }

    /// Closes the stream after the commands given before; `streams` tracks it until its detach
    /// and close frame are out, so quitting can wait for it.
    func close() {
        let connection = connection
        streams.add(Task { await connection.shutdownClosingLink() })
    }
}
