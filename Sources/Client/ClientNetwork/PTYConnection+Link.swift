// The socket side of PTYConnection. Sends go through one ordered queue so that `pty:attach`,
// data and resizes reach the server in the order the machine asked for them.

import ClaudePMProtocol
import ClientCore
import Foundation

extension PTYConnection {
    func openLink() {
        closeLink()
        generation &+= 1
        let current = generation
        key.reload(server: server.name)
        let apiKey = key.current
        // Terminal output deflates ~10x but costs ~12 ms of CPU per MB on each side: worth it
        // off loopback, pure cost on it (docs/performance.md, "Compression"). Either way the
        // link is a DirectLink: its frames reach `received` where they are read, with no hop.
        let events = DirectLink.Events(
            opened: { [weak self] writer in self?.assumeIsolated { $0.linkOpened(writer, generation: current) } },
            message: { [weak self] message in
                self?.assumeIsolated { $0.received(Inbound(frame: message), generation: current) }
            },
            closed: { [weak self] close in self?.assumeIsolated { $0.linkClosed(close, generation: current) } })
        let handle = DirectLink.start(
            server: server, apiKey: apiKey, tls: tls, loop: loop,
            compress: WebSocketLink.offersCompression(to: server), events: events)
        cancelLink = { handle.cancel() }
    }

    func closeLink() {
        generation &+= 1
        let writer = self.writer
        self.writer = nil
        sendQueue.removeAll()
        cancelLink?()
        cancelLink = nil
        if let writer { Task { await writer.close() } }
    }

    /// Closes after the queued messages (e.g. a final `pty:detach`) went out.
    func closeLinkAfterSending() {
        generation &+= 1
        let writer = self.writer
        let pending = sendQueue
        self.writer = nil
        sendQueue.removeAll()
        let cancelLink = self.cancelLink
        self.cancelLink = nil
        guard let writer else {
            cancelLink?()
            return
        }
        closing = Task {
            for frame in pending where !Task.isCancelled { try? await writer.send(frame.text) }
            if !Task.isCancelled { await writer.close() }
            cancelLink?()
        }
    }

    /// Queues `message`; a `pty:data` frame is reported to the machine once written (or lost),
    /// which releases the input typed meanwhile.
    func enqueue(_ message: ClientMessage) {
        let isInput: Bool
        if case .ptyData = message { isInput = true } else { isInput = false }
        guard writer != nil, let data = try? message.encoded() else {
            if isInput { handle(.inputSent) }
            return
        }
        sendQueue.append(OutboundFrame(text: String(decoding: data, as: UTF8.self), isInput: isInput))
        guard !sending else { return }
        sending = true
        Task { await drain() }
    }

    private func drain() async {
        while let writer, !sendQueue.isEmpty {
            let frame = sendQueue.removeFirst()
            try? await writer.send(frame.text)
            if frame.isInput { handle(.inputSent) }
        }
        sending = false
    }

    /// A decoded message reduced to what the PTY machine needs; bytes are produced on the
    /// socket task.
    enum Inbound: Sendable {
        case attached(cols: Int, rows: Int)
        case bytes([UInt8])
        case snapshot(cols: Int, rows: Int, bytes: [UInt8])
        case exited(Int)
        case error(code: String, message: String)
        case pong
        /// A protocol message this stream has no use for (e.g. the `agent:snapshot` every socket
        /// gets on connect): expected, not logged.
        case ignored
        /// A message type this client does not know (logged once per type).
        case unknownType(String)
        /// A frame that is not a protocol message at all.
        case notJSON

        /// A frame's meaning; `pty:output` in the servers' usual shape is read from the frame's
        /// bytes (no String, no JSON decoder), anything else is decoded from its text.
        init(frame: LinkMessage) {
            if let bytes = frame.withBytes(PTYOutputFastPath.decode) {
                self = .bytes(bytes)
            } else if let message = try? ServerMessage.decode(Data(frame.text.utf8)) {
                self.init(message)
            } else {
                self = .notJSON
            }
        }

        init(_ message: ServerMessage) {
            switch message {
            case .ptyOutput(let payload): self = .bytes(Array(payload.data.utf8))
            case .ptySnapshot(let p): self = .snapshot(cols: p.cols, rows: p.rows, bytes: Array(p.data.utf8))
            case .ptyAttached(let payload): self = .attached(cols: payload.cols, rows: payload.rows)
            case .ptyExit(let payload): self = .exited(payload.exitCode)
            case .error(let payload): self = .error(code: payload.code.rawValue, message: payload.message)
            case .pong: self = .pong
            case .unknown(let type, _): self = .unknownType(type)
            default: self = .ignored
            }
        }
    }

    private func linkOpened(_ writer: LinkWriter, generation: UInt64) {
        guard generation == self.generation else { return }
        self.writer = writer
        handle(.socketOpened)
    }

    private func received(_ inbound: Inbound, generation: UInt64) {
        guard generation == self.generation else { return }
        if case .notJSON = inbound {
            logDropOnce("not JSON", "a frame that is not a JSON message")
            return
        }
        if case .pong = inbound {
            handle(.pongReceived)
            return
        }
        handle(.frameReceived)
        switch inbound {
        case .bytes(let bytes): emit(.bytes(bytes))
        case .snapshot(let cols, let rows, let bytes):
            guard (1...1000).contains(cols), (1...1000).contains(rows) else { return }
            emit(.snapshot(cols: cols, rows: rows, bytes: bytes))
        case .attached(let cols, let rows): handle(.attached(cols: cols, rows: rows))
        case .exited(let code): handle(.exited(code: code))
        case .error(let code, let message): handle(.serverError(code: code, message: message))
        case .unknownType(let type): logDropOnce(type, "messages of unknown type \(type)")
        case .pong, .notJSON, .ignored: break
        }
    }

    /// Logs a dropped kind of frame the first time it is seen on this stream.
    private func logDropOnce(_ kind: String, _ what: String) {
        guard dropsLogged.insert(kind).inserted else { return }
        logger.notice("session \(sessionId.prefix(8)): ignoring \(what) (logged once)")
    }

    private func linkClosed(_ close: LinkClose, generation: UInt64) {
        guard generation == self.generation else { return }
        writer = nil
        cancelLink = nil
        sendQueue.removeAll()
        handle(close.noRoute ? .noRoute(reason: close.reason) : .socketClosed(code: close.code, reason: close.reason))
    }
}
