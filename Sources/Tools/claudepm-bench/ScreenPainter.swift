// A stand-in for a full-screen program (like Claude Code) for the switch scenario: it paints every
// row of its terminal with `P<row> <cols>x<rows>` … `<cols>x<rows>|` and repaints on SIGWINCH, so
// the bench can tell exactly when a screen shows the program fully drawn at a given size.
import Foundation

/// Paints the terminal on standard output and repaints on every resize.
enum ScreenPainter {
    /// The text of row `row` for a `cols`×`rows` terminal.
    static func rowText(row: Int, cols: Int, rows: Int) -> String {
        let head = "P\(row) \(cols)x\(rows) "
        let tail = "\(cols)x\(rows)|"
        let fill = max(0, cols - head.count - tail.count)
        return String((head + String(repeating: ".", count: fill) + tail).prefix(cols))
    }

    /// True when `lines` (a screen's rows from the top) show the painting for `cols`×`rows`.
    static func isPainted(_ lines: [String], cols: Int, rows: Int) -> Bool {
        guard lines.count >= rows else { return false }
        for row in 0..<rows where lines[row] != rowText(row: row, cols: cols, rows: rows) { return false }
        return true
    }

    /// The size named on the first row of `lines`, if it shows a painting.
    static func paintedSize(_ lines: [String]) -> (cols: Int, rows: Int)? {
        guard let first = lines.first, first.hasPrefix("P0 ") else { return nil }
        let token = first.dropFirst(3).prefix { $0 != " " }.split(separator: "x")
        guard token.count == 2, let cols = Int(token[0]), let rows = Int(token[1]) else { return nil }
        return (cols, rows)
    }

    /// The descriptor the SIGWINCH handler writes to (a fixed number: a C handler captures nothing).
    private static let wakeFD: Int32 = 100

    /// Paints now and after every SIGWINCH; never returns. The handler (on whichever thread takes
    /// the signal) writes a byte to a pipe the main thread waits on.
    static func run() -> Never {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0, dup2(fds[1], wakeFD) == wakeFD else { fatalError("no pipe for SIGWINCH") }
        signal(SIGWINCH) { _ in
            var byte: UInt8 = 1
            _ = write(100, &byte, 1)
        }
        paint()
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            if read(fds[0], &buffer, buffer.count) > 0 { paint() }
        }
    }

    private static func paint() {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 else { return }
        let cols = Int(size.ws_col)
        let rows = Int(size.ws_row)
        var out = "\u{1B}[?25l\u{1B}[H\u{1B}[2J"
        for row in 0..<rows { out += "\u{1B}[\(row + 1);1H" + rowText(row: row, cols: cols, rows: rows) }
        try? FDIO.writeAll(STDOUT_FILENO, Array(out.utf8))
    }
}
