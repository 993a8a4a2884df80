// InputReader: reads the terminal's input on a thread of its own, so every key is timestamped
// when it arrives, not when the loop gets round to it. The thread blocks in read(2) and is woken
// by the kernel as a key comes (a sleeping thread is scheduled at once, however busy the loop or
// the machine is); it keeps each read as a timed chunk and writes a byte to a pipe the loop
// polls. An Esc and a `q` typed 100 ms apart are then two chunks 100 ms apart, even when the loop
// was feeding a flood of output and takes both at once (docs/keys.md, "Escape"). It reads only
// when poll says a byte is there, so `stop()` ends it without reading what is typed after the UI
// is gone (that goes to the shell).
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A thread reading one descriptor into timed chunks for the UI loop.
public final class InputReader: Sendable {
    private struct Pending {
        var chunks: [InputChunk] = []
        var closed = false
        var ended = false
    }

    /// The descriptor the loop polls: readable while chunks (or the end of input) wait.
    public var wakeFD: Int32 { wake.readFD }
    private let wake: SelfPipe
    /// Written by `stop()`; the thread polls it together with the input.
    private let stopper: SelfPipe
    private let pending = Mutex(Pending())

    /// Starts a thread reading `fd` (blocking reads) and stamping each read with `clock`.
    public init(fd: Int32, clock: any LoopClock) throws(RuntimeError) {
        wake = try SelfPipe()
        stopper = try SelfPipe()
        let thread = Thread { [self] in
            readUntilEnd(fd, clock: clock)
            pending.withLock { $0.ended = true }
        }
        thread.name = "claudepm-input"
        thread.start()
    }

    /// Everything read since the last call, oldest first, and whether the input has ended.
    public func take() -> (chunks: [InputChunk], closed: Bool) {
        _ = wake.drain()
        return pending.withLock { state in
            defer { state.chunks.removeAll() }
            return (state.chunks, state.closed)
        }
    }

    /// Ends the thread before its next read (what it read already can still be taken).
    public func stop() {
        stopper.wake()
    }

    /// Whether the thread has ended (end of input, an error, or `stop()`).
    public var hasEnded: Bool {
        pending.withLock { $0.ended }
    }

    /// Whether chunks or the end of input wait (no system call).
    public var hasPending: Bool {
        pending.withLock { !$0.chunks.isEmpty || $0.closed }
    }

    private func arrived(_ chunk: InputChunk) {
        pending.withLock { $0.chunks.append(chunk) }
        wake.wake()
    }

    private func ended() {
        pending.withLock { $0.closed = true }
        wake.wake()
    }

    /// The thread's body: reads `fd` until end of input, an error or `stop()`.
    private func readUntilEnd(_ fd: Int32, clock: any LoopClock) {
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            var descriptors = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopper.readFD, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, -1)
            if ready < 0, errno == EINTR { continue }
            if ready < 0 || descriptors[1].revents != 0 { return }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                arrived(InputChunk(bytes: Array(buffer[0..<count]), at: clock.now()))
            } else if count < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                ended()
                return
            }
        }
    }
}
