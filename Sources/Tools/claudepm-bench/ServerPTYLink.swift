// claudepm's path: one WebSocket to claudepm-server, `pty:attach`, keystrokes as `pty:data`,
// screen bytes from `pty:output` decoded with the client's own protocol decoder (its fast path for
// the usual shape, as claudepm's PTYConnection does) on the socket's
// reader thread (that cost is part of what a user feels, so it stays in the measurement).
// With `stream: "pane"` it is a pane stream: each `pty:snapshot` is fed to the screen like
// output (its bytes start with a terminal reset) and tallied apart, so that it is not counted as
// the pane's output.
import ClaudePMProtocol
import Foundation

/// A PTY attached through claudepm-server.
final class ServerPTYLink: TerminalLink {
    let output: AsyncStream<[UInt8]>
    private let sessionId: String
    private let socket: MiniWebSocket
    private let tally: SnapshotTally

    private init(
        output: AsyncStream<[UInt8]>, sessionId: String, socket: MiniWebSocket, tally: SnapshotTally
    ) {
        self.output = output
        self.sessionId = sessionId
        self.socket = socket
        self.tally = tally
    }

    /// `pty:snapshot` messages received so far and the bytes of their `data`.
    var snapshots: (count: Int, bytes: Int) { tally.value }

    /// Connects to the server on `port`, attaches to `sessionId` at `cols`×`rows` (as a pane
    /// stream with `history` rows when `stream` is "pane") and returns once `pty:attached` arrived.
    static func open(
        port: Int, sessionId: String, cols: Int, rows: Int, stream: String? = nil, history: Int? = nil
    ) async throws -> ServerPTYLink {
        let debug = ProcessInfo.processInfo.environment["CLAUDEPM_BENCH_DEBUG"] != nil
        let (output, sink) = AsyncStream.makeStream(of: [UInt8].self, bufferingPolicy: .unbounded)
        let (control, controlSink) = AsyncStream.makeStream(of: String?.self)
        let tally = SnapshotTally()
        let socket = try MiniWebSocket.connect(
            port: port,
            onMessage: { text in
                if debug { FileHandleStderr.write("[ws] \(text.prefix(120))\n") }
                if let bytes = PTYOutputFastPath.data(of: text) {
                    sink.yield(bytes)
                    return
                }
                switch try? ServerMessage.decode(Data(text.utf8)) {
                case .ptyOutput(let payload)?: sink.yield(Array(payload.data.utf8))
                case .ptySnapshot(let payload)?:
                    let bytes = Array(payload.data.utf8)
                    tally.add(bytes.count)
                    sink.yield(bytes)
                case .ptyAttached?: controlSink.yield(nil)
                case .error(let payload)?: controlSink.yield("\(payload)")
                case .ptyExit?: sink.finish()
                default: break
                }
            },
            onEnd: {
                sink.finish()
                controlSink.finish()
            })
        let attach = ClientMessage.ptyAttach(
            sessionId: sessionId, cols: cols, rows: rows, stream: stream, history: history)
        try socket.send(String(decoding: try attach.encoded(), as: UTF8.self))
        // `settled` makes "attached" and "timed out" exclusive: without it a `pty:attached` arriving as
        // the timeout fires returns a link whose socket is being closed (it ends with no output).
        let settled = OnceFlag()
        let timeout = Task {
            try? await Task.sleep(for: .seconds(10))
            if !Task.isCancelled && settled.claim() { socket.close() }
        }
        defer { timeout.cancel() }
        for await event in control {
            guard let failure = event else {
                guard settled.claim() else { break }
                return ServerPTYLink(output: output, sessionId: sessionId, socket: socket, tally: tally)
            }
            socket.close()
            throw BenchError.server("pty:attach failed: \(failure)")
        }
        throw BenchError.server("pty:attach: the connection ended before pty:attached")
    }

    func send(_ bytes: [UInt8]) async throws {
        let message = ClientMessage.ptyData(sessionId: sessionId, data: String(decoding: bytes, as: UTF8.self))
        try socket.send(String(decoding: try message.encoded(), as: UTF8.self))
    }

    func close() async { socket.close() }
}
