// One direction of one proxied connection: a reader thread stamps each chunk with the time it
// may leave (now + delay + jitter, never earlier than the chunk before it), a writer thread
// delivers it then. While the proxy is stalled nothing is read or written: the sockets stay
// open and silent, as on a half-open link, until `resume` (or a drop) ends the stall.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Forwards `source` to `sink` with the proxy's delay.
///
/// `@unchecked Sendable`: every mutable property is read and written only while `condition` is
/// locked; the descriptors are owned by the connection and closed after both pipes ended.
final class ProxyPipe: @unchecked Sendable {
    /// What the pipe tells its connection and asks of it.
    struct Hooks: Sendable {
        /// The client's first bytes came: whether they ask for a WebSocket upgrade.
        var classified: @Sendable (Bool) -> Void
        /// Extra delay for this connection's chunks (the proxy's REST delay on plain requests).
        var extraDelay: @Sendable () -> Duration
    }

    private struct Chunk {
        var due: ContinuousClock.Instant
        var bytes: [UInt8]?
        /// Held back by the REST delay (counted in `ProxyState.heldAnswers` until written).
        var held = false
    }

    let source: Int32
    let sink: Int32
    let upstream: Bool
    private let state: ProxyState
    private let condition = NSCondition()
    private var queue: [Chunk] = []
    private var lastDue = ContinuousClock.now
    private var finished = false
    private let hooks: Hooks
    private let done: @Sendable () -> Void

    init(
        from source: Int32, to sink: Int32, upstream: Bool, state: ProxyState, hooks: Hooks,
        done: @escaping @Sendable () -> Void
    ) {
        self.source = source
        self.sink = sink
        self.upstream = upstream
        self.state = state
        self.hooks = hooks
        self.done = done
    }

    func start() {
        let reader = Thread { [self] in readLoop() }
        let writer = Thread { [self] in writeLoop() }
        reader.start()
        writer.start()
    }

    /// Wakes the writer (the stall ended, or the pipe must stop).
    func poke(finish: Bool = false) {
        condition.lock()
        if finish { finished = true }
        condition.broadcast()
        condition.unlock()
    }

    private func readLoop() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var first = upstream
        while true {
            state.waitWhileStalled()
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if first, count > 0 {
                first = false
                let isUpgrade = Self.asksForUpgrade(buffer[0..<count])
                hooks.classified(isUpgrade)
                if isUpgrade, state.refusesUpgrades {
                    refuseUpgrade()
                    return
                }
            }
            enqueue(count > 0 ? Array(buffer[0..<count]) : nil)
            if count <= 0 { return }
        }
    }

    /// True when a request's first bytes ask for a WebSocket upgrade.
    static func asksForUpgrade(_ bytes: ArraySlice<UInt8>) -> Bool {
        String(decoding: bytes, as: UTF8.self).lowercased().contains("upgrade: websocket")
    }

    /// Answers the client 502 and ends both directions (the target never sees the request).
    private func refuseUpgrade() {
        let answer = Array("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
        _ = writeAll(answer, to: source)
        shutdown(source, Int32(SHUT_RDWR))
        shutdown(sink, Int32(SHUT_RDWR))
        enqueue(nil)
    }

    private func enqueue(_ bytes: [UInt8]?) {
        let profile = state.profile
        let jitter = profile.jitter > .zero ? profile.jitter * Double.random(in: 0...1) : .zero
        condition.lock()
        let extra = upstream ? Duration.zero : hooks.extraDelay()
        let due = max(lastDue, ContinuousClock.now + profile.delay(upstream: upstream) + jitter + extra)
        lastDue = due
        let held = extra > .zero && bytes != nil
        if held { state.addHeld(1) }
        queue.append(Chunk(due: due, bytes: bytes, held: held))
        condition.broadcast()
        condition.unlock()
    }

    private func writeLoop() {
        while let chunk = nextDue() {
            let written = chunk.bytes.map { writeAll($0, to: sink) } ?? false
            if chunk.held { state.addHeld(-1) }
            guard written else { break }
        }
        condition.lock()
        let unsent = queue.filter(\.held).count
        queue.removeAll()
        condition.unlock()
        state.addHeld(-unsent)
        shutdown(sink, Int32(SHUT_WR))
        done()
    }

    /// Blocks until the head chunk is due (and no stall holds it); nil once the pipe ends.
    private func nextDue() -> Chunk? {
        condition.lock()
        defer { condition.unlock() }
        while !finished {
            if let head = queue.first, !state.isStalled {
                let now = ContinuousClock.now
                if head.due <= now { return queue.removeFirst() }
                _ = condition.wait(until: Date(timeIntervalSinceNow: (head.due - now).inSeconds))
            } else {
                _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05))
            }
        }
        return nil
    }

    private func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}

extension Duration {
    /// The duration in seconds.
    var inSeconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
