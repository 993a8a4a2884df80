// Reads the outer terminal's size (TIOCGWINSZ), the source of truth after SIGWINCH.
import CSupport

/// The size of the terminal on a descriptor.
enum TerminalSize {
    /// The terminal's size, or nil if `fd` is not a terminal. A 0 dimension is reported as 1.
    static func read(fd: Int32) -> (cols: Int, rows: Int)? {
        var rows: UInt16 = 0
        var cols: UInt16 = 0
        guard csupport_get_winsize(fd, &rows, &cols) == 0 else { return nil }
        return (max(1, Int(cols)), max(1, Int(rows)))
    }
}
