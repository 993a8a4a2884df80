// Reads a PTY master until a condition holds or the child side closes, with a generous deadline.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Collects everything a child wrote to its PTY.
final class PTYReader {
    let fd: Int32
    private(set) var bytes: [UInt8] = []
    private(set) var closed = false

    init(fd: Int32) {
        self.fd = fd
    }

    deinit {
        close(fd)
    }

    /// Reads until `done(bytes)` is true, the PTY closes (EIO) or `deadline` seconds pass.
    @discardableResult
    func read(until done: ([UInt8]) -> Bool = { _ in false }, deadline seconds: Double = 20) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while !done(bytes), !closed, Date() < end {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 100) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer[0..<count]
            } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                closed = true
            }
        }
        return done(bytes)
    }

    /// Writes bytes to the child's terminal.
    func write(_ text: String) {
        let data = Array(text.utf8)
        _ = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs in the array.
    func contains(subsequence needle: [UInt8]) -> Bool {
        range(of: needle) != nil
    }

    /// The first index range of `needle`, if any.
    func range(of needle: [UInt8]) -> Range<Int>? {
        guard !needle.isEmpty, needle.count <= count else { return nil }
        for start in 0...(count - needle.count) where self[start..<start + needle.count].elementsEqual(needle) {
            return start..<start + needle.count
        }
        return nil
    }
}

/// Waits for a child and returns its raw wait status, or nil after the deadline.
func waitForExit(_ pid: pid_t, deadline seconds: Double = 20) -> Int32? {
    let end = Date().addingTimeInterval(seconds)
    var status: Int32 = 0
    while Date() < end {
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid { return status }
        if result < 0 { return nil }
        usleep(20_000)
    }
    kill(pid, SIGKILL)
    return nil
}

/// The signal that ended a child, from a wait status, or nil if it exited.
func terminatingSignal(_ status: Int32) -> Int32? {
    let signal = status & 0x7f
    return signal != 0 && signal != 0x7f ? signal : nil
}

/// The exit code from a wait status, or nil if a signal ended the child.
func exitCode(_ status: Int32) -> Int32? {
    terminatingSignal(status) == nil ? (status >> 8) & 0xff : nil
}
