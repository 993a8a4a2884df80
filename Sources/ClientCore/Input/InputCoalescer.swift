// Turns keystrokes and pastes into few `pty:data` frames:
// - keys typed within a short window (4 ms) leave together as one frame;
// - a long paste is split so that no frame exceeds the server's 64 KiB limit *including the JSON
//   envelope*, measured with the real ClientMessage encoder, cutting only between Unicode scalars
//   (so every chunk is valid UTF-8) and allowing for escaping growth (`"` doubles, control
//   characters become six bytes);
// - every frame passes the socket's RateGuard; what does not fit waits for the window to slide.

import ClaudePMProtocol

/// Batches PTY input for one session.
public struct InputCoalescer: Sendable {
    /// Tunables.
    public struct Configuration: Equatable, Sendable {
        /// Keys typed within this window are sent together.
        public var window: Duration = .milliseconds(4)
        /// The largest encoded frame, envelope included. The server closes the socket above
        /// 65,536 bytes; 65,000 leaves headroom for an encoder that spells escapes differently.
        public var maxFrameBytes: Int = 65_000
        /// Input waiting beyond this many bytes (a huge paste under rate limiting) is dropped.
        public var maxPendingBytes: Int = 8 << 20

        /// The defaults.
        public init() {}
    }

    /// What the coalescer asks the caller to do.
    public enum Action: Sendable {
        /// Send this frame now.
        case send(ClientMessage)
        /// Call `flush(now:)` at this time (replacing any earlier flush timer).
        case scheduleFlush(at: MonotonicTime)
        /// This many bytes of input were discarded (backlog overflow).
        case dropped(bytes: Int)
    }

    /// The session the frames are for.
    public let sessionId: String
    /// The tunables in use.
    public let configuration: Configuration
    /// The socket's message budget; record other messages on the same socket here too.
    public var rate: RateGuard
    private var pending: [Unicode.Scalar] = []
    private var pendingBytes = 0
    private var flushAt: MonotonicTime?

    /// Creates a coalescer for `sessionId`.
    public init(sessionId: String, configuration: Configuration = Configuration(), rate: RateGuard = RateGuard()) {
        self.sessionId = sessionId
        self.configuration = configuration
        self.rate = rate
    }

    /// The number of UTF-8 bytes waiting to be sent.
    public var pendingByteCount: Int { pendingBytes }

    /// Adds typed or pasted text.
    public mutating func append(_ text: String, now: MonotonicTime) -> [Action] {
        guard !text.isEmpty else { return [] }
        var actions: [Action] = []
        var dropped = 0
        for scalar in text.unicodeScalars {
            let size = UTF8.width(scalar)
            if pendingBytes + size > configuration.maxPendingBytes {
                dropped += size
            } else {
                pending.append(scalar)
                pendingBytes += size
            }
        }
        if dropped > 0 { actions.append(.dropped(bytes: dropped)) }
        if flushAt == nil && !pending.isEmpty {
            let due = now + configuration.window
            flushAt = due
            actions.append(.scheduleFlush(at: due))
        }
        return actions
    }

    /// Sends what is due: as many frames as the rate budget allows, then schedules the rest.
    public mutating func flush(now: MonotonicTime) -> [Action] {
        guard let due = flushAt, now >= due else { return [] }
        flushAt = nil
        var actions: [Action] = []
        let allowed = rate.available(at: now)
        let chunks =
            allowed > 0
            ? Self.split(
                pending[...], sessionId: sessionId, maxFrameBytes: configuration.maxFrameBytes, maxChunks: allowed)
            : []
        var sentScalars = 0
        for chunk in chunks {
            rate.record(at: now)
            actions.append(.send(.ptyData(sessionId: sessionId, data: String(String.UnicodeScalarView(chunk)))))
            sentScalars += chunk.count
        }
        let sent = pending[..<sentScalars].reduce(0) { $0 + UTF8.width($1) }
        pending.removeFirst(sentScalars)
        pendingBytes -= sent
        if !pending.isEmpty {
            let next = rate.nextAvailable(at: now)
            flushAt = next
            actions.append(.scheduleFlush(at: next))
        }
        return actions
    }

    /// Discards everything waiting (the connection dropped: typed keys are never sent later) and
    /// returns how many bytes were discarded.
    public mutating func discardPending() -> Int {
        let count = pendingBytes
        pending.removeAll()
        pendingBytes = 0
        flushAt = nil
        return count
    }
}
