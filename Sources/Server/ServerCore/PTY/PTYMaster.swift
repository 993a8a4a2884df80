// The PTY master file descriptor, shared by the writer side (any thread) and the reader (its
// queue). The lock makes close and write exclusive, so a write never hits a reused descriptor.
import CSupport
import Foundation
import Synchronization

/// Owns the master fd: writes (with EAGAIN handling), window size, and closing exactly once.
final class PTYMaster: Sendable {
    /// The descriptor, or -1 once closed. Reads use `rawDescriptor` on the reader's queue, which is
    /// also where `close()` is called, so a read never races a close.
    private let descriptor: Mutex<Int32>
    let rawDescriptor: Int32

    init(fd: Int32) {
        descriptor = Mutex(fd)
        rawDescriptor = fd
    }

    /// Writes all bytes, waiting (poll) while the PTY's input buffer is full, at most `timeout` seconds
    /// without progress.
    func write(_ bytes: [UInt8], timeout: Int32 = 10) throws(PTYError) {
        try descriptor.withLock { fd throws(PTYError) in
            guard fd >= 0 else { throw .closed }
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { raw -> Int in
                    guard let base = raw.baseAddress else { return 0 }
                    return Glibc.write(fd, base + offset, raw.count - offset)
                }
                if written > 0 {
                    offset += written
                    continue
                }
                let code = errno
                if written < 0 && code == EINTR { continue }
                guard written < 0 && (code == EAGAIN || code == EWOULDBLOCK) else {
                    throw code == EIO ? .closed : .writeFailed(errno: code)
                }
                var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                if poll(&poller, 1, timeout * 1000) == 0 { throw .writeTimedOut }
            }
        }
    }

    /// Sets the terminal size (TIOCSWINSZ); the kernel sends SIGWINCH to the child.
    func resize(cols: Int, rows: Int) throws(PTYError) {
        try descriptor.withLock { fd throws(PTYError) in
            guard fd >= 0 else { throw .closed }
            if csupport_set_winsize(fd, UInt16(rows), UInt16(cols)) != 0 { throw .resizeFailed(errno: errno) }
        }
    }

    /// Closes the descriptor once; later calls do nothing.
    func close() {
        descriptor.withLock { fd in
            if fd >= 0 { _ = Glibc.close(fd) }
            fd = -1
        }
    }
}
