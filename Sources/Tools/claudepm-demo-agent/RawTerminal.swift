// The controlling terminal in raw mode: termios saved and restored, the alternate screen, the size,
// and non-blocking reads of keys with a timeout.
import CSupport
import Foundation

/// Raw-mode access to stdin/stdout.
final class RawTerminal {
    private var saved = termios()
    private var isRaw = false

    /// Enters raw mode and the alternate screen (if stdin is a terminal).
    func enter() {
        if tcgetattr(0, &saved) == 0 {
            var raw = saved
            cfmakeraw(&raw)
            raw.c_oflag |= tcflag_t(OPOST | ONLCR)
            isRaw = tcsetattr(0, TCSANOW, &raw) == 0
        }
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    }

    /// Leaves the alternate screen and restores the saved terminal modes.
    func restore() {
        write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        if isRaw { _ = tcsetattr(0, TCSANOW, &saved) }
        isRaw = false
    }

    /// The terminal size as (cols, rows); 80×24 if unknown.
    func size() -> (cols: Int, rows: Int) {
        var rows: UInt16 = 0
        var cols: UInt16 = 0
        if csupport_get_winsize(1, &rows, &cols) == 0 || csupport_get_winsize(0, &rows, &cols) == 0, rows > 0, cols > 0
        {
            return (Int(cols), Int(rows))
        }
        return (80, 24)
    }

    /// Waits up to `milliseconds` for input and returns what was read ([] on timeout, nil at EOF).
    func read(timeout milliseconds: Int32) -> [UInt8]? {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        guard ready > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
        if count > 0 { return Array(buffer[0..<count]) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
        return nil
    }

    /// Writes text to stdout, all of it.
    func write(_ text: String) {
        var bytes = Array(text.utf8)
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes.removeFirst(written)
        }
    }
}
