// SelfPipe: the wake-up channel of the UI loop. Network tasks (through `EventQueue`) and
// signal handlers (in C) write a byte; the loop polls the read end together with stdin, so it
// sleeps in the kernel with no timer while nothing happens.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A non-blocking, close-on-exec pipe used to wake a thread blocked in `poll`.
///
/// Byte 0 means "events are queued"; any other byte is the number of a signal that arrived.
public final class SelfPipe: Sendable {
    /// The end the loop polls and drains.
    public let readFD: Int32
    /// The end wakers write to.
    public let writeFD: Int32

    /// Opens the pipe.
    public init() throws(RuntimeError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw .systemCall("pipe", errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFD = fds[0]
        writeFD = fds[1]
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    /// Writes one byte; a full pipe already holds a pending wake-up, so failure is harmless.
    public func wake(_ byte: UInt8 = 0) {
        var value = byte
        _ = write(writeFD, &value, 1)
    }

    /// Reads everything pending and returns the signal numbers among it (in arrival order)
    /// and whether a queue wake-up (byte 0) was seen.
    public func drain() -> (signals: [Int32], queued: Bool) {
        var signals: [Int32] = []
        var queued = false
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            for byte in buffer[0..<count] {
                if byte == 0 { queued = true } else { signals.append(Int32(byte)) }
            }
        }
        return (signals, queued)
    }
}
