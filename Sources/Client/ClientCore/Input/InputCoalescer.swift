// Turns keystrokes and pastes into few `pty:data` frames without delaying a lone key:
// - a key leaves at once when nothing is in flight and the pacer has a token; what is typed
//   while a send is in flight (the caller reports `sendCompleted`) queues and leaves together
//   with it as soon as that send completes;
// - under sustained fast typing the InputPacer batches more keys per message (a lone key waits
//   for a token or a companion, at most `maxHold` plus the pacer's refill), so the socket's
//   budget is never exhausted and nothing is held for seconds;
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
        /// The longest a lone key waits for a companion once the pacer ran dry; after that it
        /// may borrow a token like a batch.
        public var maxHold: Duration = .milliseconds(100)
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
        /// Send this frame now; call `sendCompleted(now:)` once it is written.
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
    /// The pacing of data messages.
    public var pacer: InputPacer
    private var pending: [Unicode.Scalar] = []
    private var pendingBytes = 0
    private var pendingItems = 0
    private var pendingSince: MonotonicTime?
    private var flushAt: MonotonicTime?
    private var inFlight = 0

    /// Creates a coalescer for `sessionId`.
    public init(
        sessionId: String, configuration: Configuration = Configuration(), rate: RateGuard = RateGuard(),
        pacer: InputPacer = InputPacer()
    ) {
        self.sessionId = sessionId
        self.configuration = configuration
        self.rate = rate
        self.pacer = pacer
    }

    /// The number of UTF-8 bytes waiting to be sent.
    public var pendingByteCount: Int { pendingBytes }

    /// The number of frames sent and not yet reported written.
    public var framesInFlight: Int { inFlight }

    /// Adds typed or pasted text (one key press or one paste per call).
    public mutating func append(_ text: String, now: MonotonicTime) -> [Action] {
        guard !text.isEmpty else { return [] }
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
        var actions: [Action] = dropped > 0 ? [.dropped(bytes: dropped)] : []
        guard !pending.isEmpty else { return actions }
        pendingItems += 1
        if pendingSince == nil { pendingSince = now }
        actions += release(now: now)
        return actions
    }

    /// The flush timer fired: sends what is due.
    public mutating func flush(now: MonotonicTime) -> [Action] {
        guard let due = flushAt, now >= due else { return [] }
        flushAt = nil
        return release(now: now)
    }

    /// A frame from `.send` was written (or failed): what queued behind it may leave.
    public mutating func sendCompleted(now: MonotonicTime) -> [Action] {
        inFlight = max(0, inFlight - 1)
        return release(now: now)
    }

    /// Sends everything the rate guard allows now, ignoring pacing and frames in flight (the
    /// user detaches: the last keys go out before `pty:detach`).
    public mutating func flushAll(now: MonotonicTime) -> [Action] {
        flushAt = nil
        return send(now: now, paced: false)
    }

    /// Discards everything waiting (the connection dropped: typed keys are never sent later) and
    /// returns how many bytes were discarded.
    public mutating func discardPending() -> Int {
        let count = pendingBytes
        pending.removeAll()
        pendingBytes = 0
        pendingItems = 0
        pendingSince = nil
        flushAt = nil
        inFlight = 0
        return count
    }

    /// Starts over for a new socket: a fresh rate budget and a full pacer, nothing pending.
    public mutating func resetForNewSocket() {
        _ = discardPending()
        rate = RateGuard(budget: rate.budget, window: rate.window)
        pacer = InputPacer(refill: pacer.refill, capacity: pacer.capacity, debt: pacer.debt)
    }

    /// Sends pending input if nothing is in flight and pacing allows, else schedules the flush.
    private mutating func release(now: MonotonicTime) -> [Action] {
        guard !pending.isEmpty, inFlight == 0 else { return [] }
        let due = dueTime(now: now)
        if due <= now { return send(now: now, paced: true) }
        guard flushAt != due else { return [] }
        flushAt = due
        return [.scheduleFlush(at: due)]
    }

    /// When the pending input may leave: a batch (or a key held `maxHold`) may borrow a token.
    private mutating func dueTime(now: MonotonicTime) -> MonotonicTime {
        let holdEnds = (pendingSince ?? now) + configuration.maxHold
        let batch = pendingItems > 1 || now >= holdEnds
        var due = pacer.nextAllowed(batch: batch, at: now)
        if !batch { due = min(due, max(holdEnds, pacer.nextAllowed(batch: true, at: holdEnds))) }
        return max(due, rate.nextAvailable(at: now))
    }

    private mutating func send(now: MonotonicTime, paced: Bool) -> [Action] {
        flushAt = nil
        let allowed = rate.available(at: now)
        let chunks =
            allowed > 0
            ? Self.split(
                pending[...], sessionId: sessionId, maxFrameBytes: configuration.maxFrameBytes, maxChunks: allowed)
            : []
        var actions: [Action] = []
        var sentScalars = 0
        for chunk in chunks {
            if paced && sentScalars > 0 && !pacer.allows(batch: true, at: now) { break }
            rate.record(at: now)
            pacer.spend(at: now)
            inFlight += 1
            actions.append(.send(.ptyData(sessionId: sessionId, data: String(String.UnicodeScalarView(chunk)))))
            sentScalars += chunk.count
        }
        let sent = pending[..<sentScalars].reduce(0) { $0 + UTF8.width($1) }
        pending.removeFirst(sentScalars)
        pendingBytes -= sent
        pendingItems = pending.isEmpty ? 0 : 1
        pendingSince = pending.isEmpty ? nil : now
        if !pending.isEmpty && inFlight == 0 {
            let next = max(rate.nextAvailable(at: now), pacer.nextAllowed(batch: true, at: now))
            flushAt = next
            actions.append(.scheduleFlush(at: next))
        }
        return actions
    }
}
