// InputReader: reads the terminal's input on a thread of its own, so every key is timestamped
// when it arrives, not when the loop gets round to it. The thread blocks in read(2) and is woken
// by the kernel as a key comes (a sleeping thread is scheduled at once, however busy the loop or
// the machine is); it keeps each read as a timed chunk and writes a byte to a pipe the loop
// polls. An Esc and a `q` typed 100 ms apart are then two chunks 100 ms apart, even when the loop
// was feeding a flood of output and takes both at once (docs/keys.md, "Escape"). It reads only
// when poll says a byte is there, so `stop()` ends it without reading what is typed after the UI
// is gone (that goes to the shell).
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
    fileprivate let stopper: SelfPipe
    private let pending = Mutex(Pending())

    /// Starts a thread reading `fd` (blocking reads) and stamping each read with `clock`.
    public init(fd: Int32, clock: any LoopClock) throws(RuntimeError) {
        wake = try SelfPipe()
        stopper = try SelfPipe()
        let thread = ReaderThread(reader: self, fd: fd, clock: clock)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let context = Unmanaged.passRetained(thread).toOpaque()
        var handle = pthread_t()
        let status = pthread_create(
            &handle, &attributes,
            { context in
                guard let context else { return nil }
                let thread = Unmanaged<ReaderThread>.fromOpaque(context).takeRetainedValue()
                thread.run()
                thread.reader.threadEnded()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<ReaderThread>.fromOpaque(context).release()
            throw .systemCall("pthread_create", status)
        }
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

    fileprivate func threadEnded() {
        pending.withLock { $0.ended = true }
    }

    /// Whether chunks or the end of input wait (no system call).
    public var hasPending: Bool {
        pending.withLock { !$0.chunks.isEmpty || $0.closed }
    }

    fileprivate func arrived(_ chunk: InputChunk) {
        pending.withLock { $0.chunks.append(chunk) }
        wake.wake()
    }

    fileprivate func ended() {
        pending.withLock { $0.closed = true }
        wake.wake()
    }
}

/// The body of the reader's thread: it reads until end of input or an error.
private final class ReaderThread: Sendable {
    let reader: InputReader
    let fd: Int32
    let clock: any LoopClock

    init(reader: InputReader, fd: Int32, clock: any LoopClock) {
        self.reader = reader
        self.fd = fd
        self.clock = clock
    }

    func run() {
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            var descriptors = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: reader.stopper.readFD, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, -1)
            if ready < 0, errno == EINTR { continue }
            if ready < 0 || descriptors[1].revents != 0 { return }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                reader.arrived(InputChunk(bytes: Array(buffer[0..<count]), at: clock.now()))
            } else if count < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                reader.ended()
                return
            }
        }
    }
}
