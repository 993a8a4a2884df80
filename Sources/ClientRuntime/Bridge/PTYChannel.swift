// PTYChannel: one session's terminal stream on ClientNetwork's `PTYConnection` (its own
// WebSocket, attach-before-data, input coalescing, debounced resizes, reconnects). Output is
// forwarded to the UI loop tagged with a generation, so bytes from a stream the loop already
// replaced are dropped there. Commands from the loop go through one ordered stream, so keys
// reach the connection in the order they were typed.
import ClientCore
import ClientNetwork

/// A `TerminalChannel` backed by a `PTYConnection`.
final class PTYChannel: TerminalChannel {
    private enum Command: Sendable {
        case input(String)
        case resize(cols: Int, rows: Int)
    }

    private let commands: AsyncStream<Command>.Continuation
    /// How often a tile's read-only stream pings. An idle wall is ten sockets and each ping costs
    /// several thread wake-ups, so tiles ping half as often as the interactive attach (which needs
    /// the round trip for echo prediction); a half-open tile link is found within a minute, and the
    /// server's event socket still finds a dead server within 30 s.
    static let tilePingInterval: Duration = .seconds(30)

    private init(commands: AsyncStream<Command>.Continuation) {
        self.commands = commands
    }

    /// Opens a stream for `key` and starts forwarding its output to `queue`.
    static func open(
        server: RuntimeServer, key: SessionKey, cols: Int, rows: Int, readOnly: Bool, generation: Int,
        queue: EventQueue<RuntimeEvent>
    ) -> (any TerminalChannel)? {
        var configuration = PTYConnectionMachine.Configuration()
        configuration.readOnly = readOnly
        configuration.selectPaneOnAttach = !readOnly
        configuration.paneStream = true
        if readOnly { configuration.pingInterval = tilePingInterval }
        let connection = PTYConnection(
            server: server.config, apiKey: server.apiKey, tls: server.tls, sessionId: key.sessionId,
            configuration: configuration)
        let (stream, continuation) = AsyncStream<Command>.makeStream()
        Task {
            await connection.open(cols: cols, rows: rows)
            for await command in stream {
                switch command {
                case .input(let text): await connection.input(text)
                case .resize(let cols, let rows): await connection.resize(cols: cols, rows: rows)
                }
            }
            await connection.shutdown()
        }
        Task {
            for await output in connection.output {
                forward(output, key: key, generation: generation, queue: queue)
            }
        }
        return PTYChannel(commands: continuation)
    }

    private static func forward(
        _ output: PTYConnection.Output, key: SessionKey, generation: Int, queue: EventQueue<RuntimeEvent>
    ) {
        switch output {
        case .bytes(let bytes): queue.post(.terminalOutput(key, generation: generation, bytes))
        case .snapshot(let cols, let rows, let bytes):
            queue.post(.terminalSnapshot(key, generation: generation, size: GridSize(cols: cols, rows: rows), bytes))
        case .resetTerminal: queue.post(.terminalReset(key, generation: generation))
        case .status(let status): queue.post(.terminalStatus(key, generation: generation, status))
        case .notice(let text): queue.post(.terminalNotice(key, generation: generation, text))
        case .roundTrip(let trip): queue.post(.terminalRoundTrip(key, generation: generation, trip.last))
        default: break
        }
    }

    func input(_ text: String) {
        commands.yield(.input(text))
    }

    func resize(cols: Int, rows: Int) {
        commands.yield(.resize(cols: cols, rows: rows))
    }

    func close() {
        commands.finish()
    }
}
