// ncurses 6 flushes its output after every cursor movement (its internal mvcur ends with
// `_nc_flush`), so one frame reaches the terminal as dozens of small writes: each one wakes the
// terminal (or sshd, or tmux), and a frame can be seen half drawn. FrameBatcher points ncurses'
// output descriptor at a pipe while it draws one frame, then writes the whole frame to the
// terminal with one write. A frame that might not fit in the pipe (a huge terminal redrawn
// whole) is drawn straight to the terminal, as before: a full pipe would block the drawing thread,
// which is also the only reader.

#if canImport(Glibc)
    import Glibc
#endif

/// Collects what ncurses writes for one frame and hands it to the terminal in one write.
final class FrameBatcher {
    /// The descriptor ncurses writes to (standard output, or the stream given to `newterm`).
    let outputFD: Int32
    private let terminalFD: Int32
    private let pipeRead: Int32
    private let pipeWrite: Int32
    /// How many bytes the pipe holds.
    let capacity: Int
    /// Linux's F_SETPIPE_SZ and F_GETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 7, + 8; not imported).
    private static let setPipeSize: Int32 = 1031
    private static let getPipeSize: Int32 = 1032
    /// Frames written in one piece and frames drawn straight (too big for the pipe), for tests.
    private(set) var batchedFrames = 0
    private(set) var directFrames = 0

    /// A batcher for `outputFD`, or nil if the descriptors cannot be set up (then draw directly).
    init?(outputFD: Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        let copy = fcntl(outputFD, F_DUPFD_CLOEXEC, 3)
        guard copy >= 0 else {
            close(fds[0])
            close(fds[1])
            return nil
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        _ = fcntl(fds[1], Self.setPipeSize, 1 << 20)
        self.outputFD = outputFD
        terminalFD = copy
        pipeRead = fds[0]
        pipeWrite = fds[1]
        capacity = Int(max(fcntl(fds[1], Self.getPipeSize), 4096))
    }

    deinit {
        close(pipeRead)
        close(pipeWrite)
        close(terminalFD)
    }

    /// Runs `draw` (which writes to `outputFD`) so that its output reaches the terminal in one
    /// write, if at most `estimatedBytes` are expected and they fit in the pipe with room to spare.
    func frame(estimatedBytes: Int, _ draw: () -> Void) {
        guard estimatedBytes <= capacity / 2, dup2(pipeWrite, outputFD) >= 0 else {
            directFrames += 1
            draw()
            return
        }
        draw()
        _ = dup2(terminalFD, outputFD)
        let bytes = drain()
        batchedFrames += 1
        Self.writeAll(bytes, to: terminalFD)
    }

    private func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(pipeRead, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return bytes
            }
        }
    }

    /// Writes all of `bytes` to `fd`, waiting while it would block.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress?.advanced(by: offset), raw.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && (errno == EINTR || errno == EAGAIN) {
                    var fds = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)]
                    _ = poll(&fds, 1, 100)
                } else {
                    return
                }
            }
        }
    }
}
