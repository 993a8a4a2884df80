// One WebSocket connection as the hub sees it: an id, direct writes for replies and PTY output,
// and a bounded queue for broadcast events. Backpressure policy: PTY output is never dropped (the
// writer awaits, so the PTY reader pauses and tmux slows down); broadcast events to a client that
// does not keep up are dropped oldest-first beyond 256 queued messages.
// Pre-encoded messages travel as ByteBuffers: a broadcast is encoded once and the same buffer
// (copy-on-write, never copied) is written to every connection.
import ClaudePMProtocol
import Foundation
import HummingbirdWebSocket
import NIOCore
import Synchronization

/// A connected WebSocket client.
final class WSConnection: Sendable {
    let id = UUID()
    let outbound: WebSocketOutboundWriter
    private let events: AsyncStream<ByteBuffer>.Continuation
    private let drain: Task<Void, Never>
    private let flags = Mutex<(hasPTY: Bool, closed: Bool)>((false, false))
    private let metrics: ServerMetrics?
    /// The socket asked for `sessions:changed` (extension: `?push=sessions` on its URL).
    let pushesSessions: Bool
    /// The socket asked for no `session:output` (extension: `?output=none` on its URL, honoured
    /// by a server that streams panes: the asker's tiles are its pane streams).
    let skipsSessionOutput: Bool

    init(
        outbound: WebSocketOutboundWriter, metrics: ServerMetrics? = nil, pushesSessions: Bool = false,
        skipsSessionOutput: Bool = false
    ) {
        self.outbound = outbound
        self.metrics = metrics
        self.pushesSessions = pushesSessions
        self.skipsSessionOutput = skipsSessionOutput
        let (stream, continuation) = AsyncStream<ByteBuffer>.makeStream(bufferingPolicy: .bufferingNewest(256))
        events = continuation
        drain = Task {
            for await text in stream {
                metrics?.sent(bytes: text.readableBytes)
                try? await outbound.write(Self.textFrame(text))
            }
        }
    }

    /// Writes a reply now (awaits the socket).
    func send(_ text: String) async {
        guard !isClosed else { return }
        metrics?.sent(bytes: text.utf8.count)
        try? await outbound.write(.text(text))
    }

    /// Writes `message`, encoded by the protocol module, now (awaits the socket).
    func send(_ message: ServerMessage) async {
        guard let text = Wire.text(message) else { return }
        await send(text)
    }

    /// Writes a pre-encoded text message (UTF-8 bytes) now (awaits the socket).
    func send(text: ByteBuffer) async {
        guard !isClosed else { return }
        metrics?.sent(bytes: text.readableBytes)
        try? await outbound.write(Self.textFrame(text))
    }

    /// Queues a pre-encoded broadcast event (dropped oldest-first when the client is slow).
    func enqueue(_ text: ByteBuffer) {
        guard !isClosed else { return }
        if case .dropped = events.yield(text) { metrics?.eventsDropped.increment() }
    }

    /// Whether a PTY is attached (such connections get no `session:output`).
    var hasPTY: Bool {
        get { flags.withLock { $0.hasPTY } }
        set { flags.withLock { $0.hasPTY = newValue } }
    }

    var isClosed: Bool { flags.withLock { $0.closed } }

    /// Stops the event queue.
    func finish() {
        flags.withLock { $0.closed = true }
        events.finish()
        drain.cancel()
    }

    /// Closes the socket with `code` and `reason`.
    func close(code: UInt16, reason: String) async {
        try? await outbound.close(.init(codeNumber: Int(code)), reason: reason)
    }

    /// A final text frame carrying `text` as is (the bytes must be valid UTF-8).
    private static func textFrame(_ text: ByteBuffer) -> WebSocketOutboundWriter.OutboundFrame {
        .custom(.init(fin: true, opcode: .text, data: text))
    }
}
